// The validated configuration (config.ts, the only reader of the environment) as `app.config`.
// Registered first: every other plugin that reads it names 'config' in its dependencies, so a
// plugin registered out of order fails at start-up instead of reading undefined.
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export default fp(
  async (app, opts: { config: AppConfig }) => {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
