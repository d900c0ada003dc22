import fp from 'fastify-plugin';
import type { LiveFanout } from '@kaijiang/domain';
import { createLocalHub, type LiveHub } from '../../services/live/live-hub.ts';
import { createRedisHub, liveChannel } from '../../services/live/redis-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
    /** This instance's live sockets (the live routes fill it in; the console reads it). */
    liveStats: { sockets: () => number; lastFanout: () => LiveFanout | null };
  }
}

/** How long boot waits for the Redis subscription before carrying on without it. */
const REDIS_READY_MS = 3_000;

export default fp(
  async (app) => {
    let hub: LiveHub;
    if (app.config.redisUrl) {
      const redisHub = createRedisHub({
        url: app.config.redisUrl,
        channel: liveChannel(app.config.companyCode),
        log: app.log.child({ component: 'live-hub' }),
      });
      // Waiting a moment means the first balls after boot are not missed; waiting forever would
      // keep the whole site down during a Redis outage, and ioredis keeps retrying anyway.
      if (await redisHub.ready(REDIS_READY_MS)) app.log.info('live hub: redis pub/sub');
      else app.log.warn('live hub: redis not reachable yet, live draws stay local until it is');
      hub = redisHub;
    } else {
      hub = createLocalHub();
    }
    app.decorate('liveHub', hub);
    app.decorate('liveStats', { sockets: () => 0, lastFanout: () => null });
    app.addHook('onClose', async () => hub.close());
  },
  { name: 'live-hub', dependencies: ['config', 'db'] },
);
