import fp from 'fastify-plugin';
import { createStaticFiles } from '../../services/pages/static-files.ts';
import type { StaticFiles } from '../../services/pages/static-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached static data files; repository writes invalidate them automatically. */
    staticFiles: StaticFiles;
  }
}

export default fp(
  async (app) => {
    app.decorate('staticFiles', createStaticFiles(app.repos, app.changes));
  },
  { name: 'static-files', dependencies: ['repositories'] },
);
