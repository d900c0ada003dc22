import fp from 'fastify-plugin';
import { createChangeFeed } from '../../lib/change-feed.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { createRepositories } from '../../repositories/index.ts';
import type { Repositories } from '../../repositories/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
    /** Emitted by every repository write; subscribe to drop derived caches. */
    changes: ChangeFeed;
  }
}

export default fp(
  async (app) => {
    const changes = createChangeFeed();
    const repos = createRepositories(app.db, changes);
    app.decorate('changes', changes);
    app.decorate('repos', repos);
  },
  { name: 'repositories', dependencies: ['db'] },
);
