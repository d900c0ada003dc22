// Web Push (issue 16): subscriptions per game, and the sender that tells them when a draw ends.
import fp from 'fastify-plugin';
import { createDeliver, type Deliver } from '../../services/push/deliver.ts';
import { createPushSender } from '../../services/push/sender.ts';
import { createPushService, type PushService } from '../../services/push/service.ts';
import { loadVapidKeys } from '../../services/push/vapid.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export interface PushPluginOptions {
  /** Tests: the sender's lease holder name, retry waits and a stand-in for the network. */
  holderId?: string;
  retryDelaysMs?: readonly number[];
  deliver?: Deliver;
  maxSubscriptions?: number;
}

export default fp(
  async (app, opts: PushPluginOptions) => {
    const { config } = app;
    const keys = await loadVapidKeys(config.push, app.repos.meta);
    // Every instance may send (PUSH_SEND), one at a time: a lease of its own, not the draw
    // engine's, as a site whose draws are entered by hand runs no engine yet still pushes.
    const sender = config.push.send
      ? createPushSender({
          repos: app.repos,
          deliver: opts.deliver ?? createDeliver(keys, config.push.subject),
          log: app.log,
          sendsPerSecond: config.push.sendsPerSecond,
          leaseTtlMs: config.drawLeaseTtlMs,
          holderId: opts.holderId,
          retryDelaysMs: opts.retryDelaysMs,
          now: app.draws.clock,
        })
      : null;
    const service = createPushService({
      repos: app.repos,
      publicKey: keys.publicKey,
      services: config.push.services,
      gameExists: (id) => app.draws.gameExists(id),
      sender,
      maxSubscriptions: opts.maxSubscriptions,
      now: app.draws.clock,
    });
    app.decorate('push', service);
    if (sender) app.addHook('onReady', async () => sender.start());
    const off = app.draws.onFinished((draw, game) => service.finished(draw, game));
    app.addHook('preClose', async () => {
      off();
      await sender?.stop();
    });
  },
  { name: 'push', dependencies: ['config', 'repositories', 'draws'] },
);
