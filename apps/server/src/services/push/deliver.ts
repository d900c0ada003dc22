import webpush from 'web-push';
import type { VapidKeys } from './vapid.ts';

/** What became of one send, as the sender acts on it. */
export type Delivery =
  | { kind: 'sent' }
  /** 404/410: the subscription is no more (RFC 8030 §7.3); forget it. */
  | { kind: 'gone' }
  /** 429, 5xx, timeouts, the network: try again later (`retryAfterMs` when the service said). */
  | { kind: 'retry'; retryAfterMs?: number; why: string }
  /** Any other answer: this message will not go through (a bad key, too large, refused). */
  | { kind: 'failed'; why: string };

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type Deliver = (target: PushTarget, payload: string, topic: string) => Promise<Delivery>;

const TIMEOUT_MS = 10_000;
/** The result is news until the next draw; a device offline longer gets the next one instead. */
const TTL_SECONDS = 12 * 3600;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (RFC 8292, VAPID) with web-push, then posts with
 * fetch: no redirect is followed (the endpoint was checked, where it points is not), the answer
 * is never read beyond its status, and a slow service is cut after 10 s.
 */
export function createDeliver(keys: VapidKeys, subject: string): Deliver {
  const vapidDetails = { subject, ...keys };
  return async (target, payload, topic) => {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails, TTL: TTL_SECONDS, urgency: 'high', topic, contentEncoding: 'aes128gcm' },
      );
    } catch (err) {
      return { kind: 'failed', why: `cannot encrypt: ${(err as Error).message}` };
    }
    let res: Response;
    try {
      res = await fetch(details.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(
          Object.entries(details.headers).map(([k, v]) => [k, String(v)]),
        ),
        body: details.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      return { kind: 'retry', why: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network' };
    }
    void res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
    if (res.status === 404 || res.status === 410) return { kind: 'gone' };
    if (res.status === 429 || res.status >= 500) {
      return {
        kind: 'retry',
        retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
        why: `HTTP ${res.status}`,
      };
    }
    return { kind: 'failed', why: `HTTP ${res.status}` };
  };
}
