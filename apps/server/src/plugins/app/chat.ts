// The chat service's shared part: its rules (app.chat), its hub and this instance's sockets.
// Decorated on the root so that sign-out, password changes and the ticket call reach it; its
// routes are a plugin tree of their own (../../routes/chat/index.ts), mounted at /chat-api.
import { randomUUID } from 'node:crypto';
import { chatRoomOf } from '@kaijiang/domain';
import fp from 'fastify-plugin';
import { createFailureLog } from '../../lib/failure-log.ts';
import { announcementOf } from '../../services/chat/announce.ts';
import {
  chatChannel,
  createLocalChatHub,
  createRedisChatHub,
  type ChatHub,
} from '../../services/chat/hub.ts';
import { createChatService, type ChatService } from '../../services/chat/service.ts';
import { ChatSockets } from '../../services/chat/sockets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
    chatSockets: ChatSockets;
  }
}

const HOUR = 3_600_000;
/** Online figures are told this often at most. */
const ONLINE_EVERY_MS = 2_000;
/** Each instance tells the others its sockets per room this often; silent for 3× that, it is gone. */
const PRESENCE_EVERY_MS = 5_000;

export interface ChatPluginOptions {
  now?: () => Date;
}

export default fp(
  async (app, opts: ChatPluginOptions) => {
    let hub: ChatHub;
    if (app.config.redisUrl) {
      const redis = createRedisChatHub({
        url: app.config.redisUrl,
        channel: chatChannel(app.config.companyCode),
        log: app.log.child({ component: 'chat-hub' }),
      });
      if (!(await redis.ready(3_000))) app.log.warn('chat hub: redis not reachable yet');
      hub = redis;
    } else hub = createLocalChatHub();
    const sockets = new ChatSockets();
    const service = createChatService({
      repos: app.repos,
      hub,
      now: opts.now,
      online: (room) => sockets.online(room),
    });
    app.decorate('chat', service);
    app.decorate('chatSockets', sockets);

    const instance = randomUUID();
    // Background work that fails all through a database outage logs once per period, not per try.
    const announcing = createFailureLog(app.log, 'chat: announcement failed');
    const pruning = createFailureLog(app.log, 'chat retention failed');
    const rechecking = createFailureLog(app.log, 'chat: revocation check failed');
    const stopListening = hub.listen((event) => {
      if (event.type === 'presence') {
        if (event.instance !== instance)
          sockets.presence(event.instance, event.rooms, Date.now(), 3 * PRESENCE_EVERY_MS);
        return;
      }
      sockets.deliver(event);
      if (event.type === 'revoked') {
        // Each socket of the member checks its token again: a revoked one reads on, signed out.
        for (const s of sockets.of(event.memberId)) {
          const who = s.identity;
          if (!who) continue;
          void app.repos.chat
            .revoked(who.sessionHash)
            .then((gone) => {
              if (!gone || s.identity !== who) return;
              sockets.signOut(s);
              s.send({ type: 'error', code: 'UC/UNAUTHORIZED', msg: '登录已失效，请重新登录' });
              s.send({ type: 'ready', user: null });
            })
            .catch((err: unknown) => rechecking.failed(err));
        }
      }
    });

    // Each game's room hears its draw (every instance tries; one writes, see announce()).
    const unsubscribe: (() => void)[] = [];
    app.addHook('onReady', async () => {
      for (const game of await app.repos.games.list()) {
        unsubscribe.push(
          app.liveHub.subscribe(game.id, (snapshot) => {
            const said = announcementOf(snapshot);
            if (!said) return;
            service.announce(chatRoomOf(game.id), said.text, said.key, said.final).then(
              () => announcing.ok(),
              (err: unknown) => announcing.failed(err, { gameId: game.id }),
            );
          }),
        );
      }
    });

    const prune = () =>
      service
        .prune()
        .then((n) => {
          pruning.ok();
          if (n > 0) app.log.info({ messages: n }, 'chat messages past retention removed');
        })
        .catch((err: unknown) => pruning.failed(err));
    const pruneTimer = setInterval(prune, HOUR);
    pruneTimer.unref();
    const tick = setInterval(() => {
      sockets.flushOnline();
      sockets.sweep(Date.now());
    }, ONLINE_EVERY_MS);
    tick.unref();
    // With Redis, the rooms' figures add up across instances (one process has nothing to tell).
    const presence = app.config.redisUrl
      ? setInterval(
          () =>
            void hub
              .publish({ type: 'presence', instance, rooms: sockets.counts() })
              .catch(() => undefined),
          PRESENCE_EVERY_MS,
        )
      : null;
    presence?.unref();
    app.addHook('onReady', async () => void prune());
    app.addHook('onClose', async () => {
      clearInterval(pruneTimer);
      clearInterval(tick);
      if (presence) clearInterval(presence);
      for (const u of unsubscribe) u();
      stopListening();
      sockets.closeAll();
      await hub.close();
    });
  },
  { name: 'chat', dependencies: ['config', 'repositories', 'live-hub'] },
);
