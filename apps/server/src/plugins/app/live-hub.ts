import fp from 'fastify-plugin';
import { createLocalHub, type LiveHub } from '../../live/live-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

export default fp(
  async (app) => {
    const hub = createLocalHub();
    app.decorate('liveHub', hub);
    app.addHook('onClose', async () => hub.close());
  },
  { name: 'live-hub' },
);
