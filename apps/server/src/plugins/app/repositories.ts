import fp from 'fastify-plugin';
import type { Clock } from '../../services/draws/clock.ts';
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

export interface RepositoriesPluginOptions {
  /** The draw engine's clock (tests move it): no result is stored before its draw's time. */
  clock?: Clock;
}

export default fp(
  async (app, opts: RepositoriesPluginOptions) => {
    const changes = createChangeFeed();
    const repos = createRepositories(app.db, changes, opts.clock);
    app.decorate('changes', changes);
    app.decorate('repos', repos);
  },
  { name: 'repositories', dependencies: ['db'] },
);
