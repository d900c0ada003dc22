// Where chat events meet the sockets of every instance: a message is stored first, then published
// here; each instance delivers what it hears to the sockets that joined the room. In-process by
// default; through one Redis pub/sub channel when REDIS_URL is set (same order on every instance:
// one publisher connection, one channel).
import type { ChatMessage } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createFailureLog } from '../../lib/failure-log.ts';

export type ChatEvent =
  | { type: 'message'; room: string; message: ChatMessage }
  | { type: 'removed'; room: string; messageId: number }
  | { type: 'muted'; memberId: number; until: string }
  | { type: 'revoked'; memberId: number }
  /** An instance's sockets per room, told every few seconds (the room's figure is the sum). */
  | { type: 'presence'; instance: string; rooms: Record<string, number> };

export type ChatListener = (event: ChatEvent) => void;

export interface ChatHub {
  publish(event: ChatEvent): Promise<void>;
  /** Every event this instance hears. */
  listen(listener: ChatListener): () => void;
  close(): Promise<void>;
}

function fanout() {
  const listeners = new Set<ChatListener>();
  return {
    deliver(event: ChatEvent) {
      for (const l of listeners) l(event);
    },
    listen(l: ChatListener) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

export function createLocalChatHub(): ChatHub {
  const f = fanout();
  return {
    async publish(event) {
      f.deliver(event);
    },
    listen: f.listen,
    async close() {},
  };
}

export const chatChannel = (companyCode: string) => `kaijiang:${companyCode}:chat`;

const retryStrategy = (attempt: number): number => Math.min(attempt * 200, 5_000);

/** Events are small JSON; one that does not parse (a foreign publisher) is dropped. */
function parseEvent(raw: string): ChatEvent | null {
  try {
    const e = JSON.parse(raw) as ChatEvent;
    return e && typeof e === 'object' && typeof e.type === 'string' ? e : null;
  } catch {
    return null;
  }
}

export function createRedisChatHub(opts: {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
}): ChatHub & { ready(timeoutMs: number): Promise<boolean> } {
  const f = fanout();
  const pub = new Redis(opts.url, {
    connectionName: 'kaijiang-chat-pub',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    retryStrategy,
  });
  const sub = new Redis(opts.url, {
    connectionName: 'kaijiang-chat-sub',
    maxRetriesPerRequest: null,
    autoResubscribe: true,
    retryStrategy,
  });
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== opts.channel) return;
    const event = parseEvent(raw);
    if (event) f.deliver(event);
  });
  // An outage fails every publish: one line when it starts, then one per period, and its end.
  const publishing = createFailureLog(opts.log, 'chat hub: publish failed, delivered locally only');
  const subscribed = sub.subscribe(opts.channel).then(
    () => true,
    () => false,
  );
  return {
    async publish(event) {
      try {
        await pub.publish(opts.channel, JSON.stringify(event));
        publishing.ok();
      } catch (err) {
        // Redis away: this instance's sockets still get it; the others read it from history.
        publishing.failed(err, { type: event.type });
        f.deliver(event);
      }
    },
    listen: f.listen,
    ready: (timeoutMs) =>
      Promise.race([
        subscribed,
        new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs)),
      ]),
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
