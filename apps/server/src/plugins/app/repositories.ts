import path from 'node:path';
import fp from 'fastify-plugin';
import { createChangeFeed } from '../../lib/change-feed.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { createRepositories } from '../../repositories/index.ts';
import type { Repositories } from '../../repositories/index.ts';
import { seedDemo } from '../../seed/demo-seed.ts';

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
    if (app.config.seedDemo) {
      const seeded = await seedDemo(repos, {
        companyCode: app.config.companyCode,
        uploadsDir: path.join(app.config.dataDir, 'uploads'),
      });
      if (seeded.site || seeded.company) app.log.info(seeded, 'demo content seeded');
    }
  },
  { name: 'repositories', dependencies: ['db'] },
);
