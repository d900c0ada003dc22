// Live fan-out across instances: every snapshot goes through one Redis pub/sub channel and each
// instance, the publisher included, delivers what it hears there to its own connections.
import { DrawSnapshotSchema } from '@kaijiang/domain';
import type { DrawSnapshot } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Compile } from 'typebox/compile';
import { createFailureLog } from '../../lib/failure-log.ts';
import { LocalFanout, type LiveHub } from './live-hub.ts';

export interface RedisHubOptions {
  url: string;
  /** One channel per company, so several sites can share a Redis. */
  channel: string;
  log: FastifyBaseLogger;
}

export interface RedisHub extends LiveHub {
  /** Resolves true once the subscription is live, false if that took longer than `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
}

export const liveChannel = (companyCode: string): string => `kaijiang:${companyCode}:live`;

const checkSnapshot = Compile(DrawSnapshotSchema);
/** Reconnect quickly at first, then every few seconds for as long as the outage lasts. */
const retryStrategy = (attempt: number): number => Math.min(attempt * 200, 5_000);

export function createRedisHub(opts: RedisHubOptions): RedisHub {
  const { channel, log } = opts;
  const fanout = new LocalFanout();

  // The engine awaits publish: while Redis is away it must fail fast rather than queue.
  const pub = new Redis(opts.url, {
    connectionName: 'kaijiang-live-pub',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    retryStrategy,
  });
  // The subscription waits for Redis as long as it takes; ioredis resubscribes after a reconnect.
  const sub = new Redis(opts.url, {
    connectionName: 'kaijiang-live-sub',
    maxRetriesPerRequest: null,
    autoResubscribe: true,
    retryStrategy,
  });

  // An outage makes ioredis emit an error per reconnect attempt: log its start and its end.
  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    let down = false;
    client.on('error', (err: Error) => {
      if (down) return;
      down = true;
      log.warn({ err, connection: name }, 'live hub: redis unavailable, reconnecting');
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      log.info({ connection: name }, 'live hub: redis connection restored');
    });
  }

  const subscribed = sub.subscribe(channel).then(
    () => true,
    (err: unknown) => {
      log.error({ err, channel }, 'live hub: redis subscribe failed');
      return false;
    },
  );

  const malformed = createFailureLog(log, 'live hub: ignored a malformed message');
  const delivery = createFailureLog(log, 'live hub: delivering a snapshot failed');
  // An event handler: whatever goes wrong in it must not become an uncaught exception.
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let snapshot: unknown;
    try {
      snapshot = JSON.parse(message);
    } catch {
      snapshot = undefined;
    }
    if (!checkSnapshot.Check(snapshot)) {
      malformed.failed(undefined, { channel });
      return;
    }
    try {
      fanout.deliver(snapshot);
    } catch (err) {
      delivery.failed(err, { gameId: snapshot.gameId });
    }
  });
  const publishing = createFailureLog(log, 'live hub: redis publish failed; local only');

  return {
    async publish(snapshot: DrawSnapshot) {
      // Without a live subscription our own publish would never come back to our visitors.
      if (sub.status !== 'ready') fanout.deliver(snapshot);
      try {
        await pub.publish(channel, JSON.stringify(snapshot));
        publishing.ok();
      } catch (err) {
        // Every ball of every game while Redis is away: one line per period, not one each.
        publishing.failed(err, { gameId: snapshot.gameId });
        fanout.deliver(snapshot);
      }
    },
    subscribe: (gameId, listener) => fanout.subscribe(gameId, listener),
    latest: (gameId) => fanout.latest(gameId),
    async ready(timeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([subscribed, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      // QUIT lets Redis drop the subscription cleanly; a connection that is down just goes.
      await Promise.all(
        [pub, sub].map(async (client) => {
          if (client.status === 'ready') await client.quit().catch(() => undefined);
          client.disconnect();
        }),
      );
    },
  };
}
