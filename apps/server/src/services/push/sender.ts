import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { drawPush, type PushLang } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createFailureLog } from '../../lib/failure-log.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { PushJob, StoredPushSubscription } from '../../repositories/push-repository.ts';
import type { Deliver, Delivery } from './deliver.ts';

/** A finished draw as a job keeps it (the message is written per device, in its script). */
export interface JobDraw {
  gameName: string;
  numbers: string[];
  lunarYear: number;
}

export interface PushSender {
  /** Begins competing for the lease and sending. */
  start(): void;
  /** A job was queued here: look at once instead of at the next tick. */
  kick(): void;
  /** True while this instance holds the sender's lease. */
  readonly holding: boolean;
  stop(): Promise<void>;
}

export interface PushSenderOptions {
  repos: Repositories;
  deliver: Deliver;
  log: FastifyBaseLogger;
  sendsPerSecond: number;
  leaseTtlMs: number;
  holderId?: string;
  /** Waits between retries of one device (ms); tests shorten them. */
  retryDelaysMs?: readonly number[];
  /** How long a queued draw stays worth sending (ms). */
  maxJobAgeMs?: number;
  /** The draws' clock (tests move it): a job's age is counted on it. */
  now?: () => number;
}

const LEASE = 'push-sender';
const BATCH = 200;
const IN_FLIGHT = 16;
/** A device that failed this many sends in a row (not counting 404/410) is forgotten. */
const MAX_FAILURES = 5;
/** A service asking for a longer pause than this is treated as failed for this draw. */
const MAX_RETRY_AFTER_MS = 120_000;

/** Spreads sends over time: at most `perSecond`, shared by every job of this instance. */
function pacer(perSecond: number) {
  const gap = 1000 / perSecond;
  let next = performance.now();
  return async () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await sleep(at - now);
  };
}

/**
 * Sends a push per finished draw to every device following its game. One instance sends (a
 * lease in the database, like the draw engine's), working through the queued jobs oldest first
 * and each job's devices in id order, keeping its place in the job row after every batch, so an
 * instance taking over after a crash carries on where the last one stopped rather than sending
 * again from the start. Failures that may pass (429, 5xx, the network) are tried again with
 * backoff; 404/410 remove the subscription.
 */
export function createPushSender(opts: PushSenderOptions): PushSender {
  const { repos, deliver, log } = opts;
  const holderId = opts.holderId ?? randomBytes(8).toString('hex');
  const delays = opts.retryDelaysMs ?? [2_000, 10_000, 60_000];
  const maxAge = opts.maxJobAgeMs ?? 6 * 3600_000;
  const pace = pacer(opts.sendsPerSecond);
  const now = opts.now ?? Date.now;
  const leaseLog = createFailureLog(log, 'push sender: lease renewal failed');
  const jobLog = createFailureLog(log, 'push sender: a job failed');
  let leaseUntil = 0;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let kicked = false;
  let renewing: Promise<void> | undefined;

  const holding = () => !stopped && performance.now() < leaseUntil;

  async function renew(): Promise<void> {
    const asked = performance.now();
    try {
      if (await repos.leases.acquire(LEASE, holderId, opts.leaseTtlMs)) {
        leaseUntil = asked + opts.leaseTtlMs;
      }
      leaseLog.ok();
    } catch (err) {
      leaseLog.failed(err);
    }
  }

  async function sendTo(sub: StoredPushSubscription, payloads: Map<string, string>, topic: string) {
    await pace();
    const payload = payloads.get(sub.lang) ?? payloads.get('zh-Hans')!;
    return deliver(sub, payload, topic);
  }

  async function record(sub: StoredPushSubscription, d: Delivery, tally: Counts) {
    // Counted, not logged one by one: a push service refusing a whole draw would be a line per
    // device. The job's closing line names the reasons with their counts.
    if (d.kind === 'sent') {
      tally.sent++;
      await repos.push.delivered(sub.id);
    } else if (d.kind === 'gone') {
      tally.gone++;
      await repos.push.remove(sub.id);
    } else if (d.kind === 'failed') {
      tally.failed++;
      const why = `${hostOf(sub.endpoint)}: ${d.why}`;
      tally.why.set(why, (tally.why.get(why) ?? 0) + 1);
      await repos.push.failed(sub.id, MAX_FAILURES);
    }
  }

  async function runJob(job: PushJob): Promise<void> {
    if (now() - Date.parse(job.createdAt) > maxAge) {
      await repos.push.finish(job.id, 'expired', new Date(now()).toISOString());
      log.warn({ gameId: job.gameId, issue: job.issue }, 'push sender: draw too old to send');
      return;
    }
    const draw = JSON.parse(job.draw) as JobDraw;
    const payloads = new Map<string, string>();
    for (const lang of ['zh-Hans', 'zh-Hant'] as PushLang[]) {
      payloads.set(
        lang,
        JSON.stringify(drawPush({ gameId: job.gameId, issue: job.issue, lang, ...draw })),
      );
    }
    // A newer message of the same topic replaces an undelivered older one at the push service.
    const topic = `draw-${job.gameId}`;
    const retries: { sub: StoredPushSubscription; attempt: number; at: number }[] = [];
    const total = counts();
    let after = job.afterId;

    const handle = async (sub: StoredPushSubscription, attempt: number, tally: Counts) => {
      const d = await sendTo(sub, payloads, topic);
      if (d.kind === 'retry') {
        const wait = d.retryAfterMs ?? delays[attempt];
        if (attempt < delays.length && wait !== undefined && wait <= MAX_RETRY_AFTER_MS) {
          // Jitter: the devices refused together do not come back together.
          retries.push({
            sub,
            attempt: attempt + 1,
            at: performance.now() + wait * (1 + Math.random() / 4),
          });
          return;
        }
        await record(sub, { kind: 'failed', why: d.why }, tally);
        return;
      }
      await record(sub, d, tally);
    };

    for (;;) {
      if (!holding()) return; // another instance carries on from after_id
      const batch = await repos.push.followers(job.gameId, after, BATCH);
      if (batch.length === 0) break;
      const done = counts();
      await inPool(batch, IN_FLIGHT, (sub) => handle(sub, 0, done));
      after = batch.at(-1)!.id;
      await repos.push.progress(job.id, after, done);
      add(total, done);
    }
    while (retries.length > 0) {
      if (!holding()) return;
      retries.sort((a, b) => a.at - b.at);
      const wait = retries[0]!.at - performance.now();
      if (wait > 0) await sleep(Math.min(wait, 1_000));
      const due = retries.filter((r) => r.at <= performance.now());
      if (due.length === 0) continue;
      retries.splice(0, due.length);
      const done = counts();
      await inPool(due, IN_FLIGHT, (r) => handle(r.sub, r.attempt, done));
      await repos.push.progress(job.id, after, done);
      add(total, done);
    }
    await repos.push.finish(job.id, 'done', new Date(now()).toISOString());
    const { why, ...sums } = total;
    const line = { gameId: job.gameId, issue: job.issue, ...sums };
    if (why.size > 0) log.warn({ ...line, why: Object.fromEntries(why) }, 'push sender: draw sent');
    else log.info(line, 'push sender: draw sent');
  }

  async function work(): Promise<void> {
    while (holding()) {
      const job = await repos.push.nextJob();
      if (!job) return;
      await runJob(job);
    }
  }

  function tick() {
    if (stopped || !holding()) return;
    if (!running) {
      kicked = false;
      running = work()
        .then(() => jobLog.ok())
        .catch((err: unknown) => jobLog.failed(err))
        .finally(() => {
          running = undefined;
          if (kicked) tick();
        });
    } else kicked = true;
  }

  // Renewing within a third of the lease keeps it through one missed renewal.
  const period = Math.max(250, Math.min(1_000, Math.floor(opts.leaseTtlMs / 3)));
  // The lease is renewed on its own beat, also while a long job runs.
  const loop = async () => {
    renewing = renew();
    await renewing;
    tick();
    if (stopped) return;
    timer = setTimeout(() => void loop(), period);
    timer.unref();
  };

  return {
    start: () => void loop(),
    kick: tick,
    get holding() {
      return holding();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await renewing;
      await running;
      await repos.leases.release(LEASE, holderId).catch((err: unknown) => {
        log.warn({ err }, 'push sender: could not release the lease');
      });
    },
  };
}

interface Counts {
  sent: number;
  gone: number;
  failed: number;
  /** Why sends failed ("host: reason"), with how many. */
  why: Map<string, number>;
}

const counts = (): Counts => ({ sent: 0, gone: 0, failed: 0, why: new Map() });

function add(to: Counts, from: Counts) {
  to.sent += from.sent;
  to.gone += from.gone;
  to.failed += from.failed;
  for (const [k, n] of from.why) to.why.set(k, (to.why.get(k) ?? 0) + n);
}

/** The push service's host only: an endpoint's path is the device's capability. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
}

async function inPool<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>) {
  let i = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (i < items.length) await fn(items[i++]!);
  });
  await Promise.all(lanes);
}
