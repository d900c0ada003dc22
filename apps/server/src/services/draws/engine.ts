import { randomBytes } from 'node:crypto';
import type { DrawSourceSettings, Game } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createFailureLog } from '../../lib/failure-log.ts';
import type { Repositories } from '../../repositories/index.ts';
import { monotonicClock, type Clock } from './clock.ts';
import { cryptoRandom, type RandomInt } from './fair.ts';
import type { DrawService } from './service.ts';
import { createSimulatorSource } from './sources/simulator.ts';
import type { DrawSource, SourceContext } from './sources/types.ts';
import { createFeedSource } from './feeds/feed-source.ts';

export const LEASE_NAME = 'draw-engine';
/** A runner re-reads its game at least this often (source changes, another engine's writes). */
const MAX_SLEEP_MS = 15_000;
const ERROR_BACKOFF_MS = 2_000;

export interface EngineOptions {
  repos: Repositories;
  service: DrawService;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Pacing and the lease's local expiry: never steps when the wall clock is set. */
  monotonic?: Clock;
  ballIntervalMs: number;
  upstreamPollMs: number;
  random?: RandomInt;
  /** Lease lifetime; renewed every third of it. */
  leaseTtlMs?: number;
  holderId?: string;
}

export interface DrawEngine {
  readonly holderId: string;
  /** True while this instance holds the lease and runs the draws. */
  readonly leader: boolean;
  start(): void;
  /** Stops every runner (in-flight steps finish) and hands the lease back. */
  stop(): Promise<void>;
  /** Makes a game's runner look again now (its source changed). */
  poke(gameId: number): void;
  /**
   * Keeps a game's runner from writing until `until` settles (its history is being loaded, and
   * the draw due now must follow the last one loaded); then it looks again at once.
   */
  hold(gameId: number, until: Promise<unknown>): void;
}

interface Runner {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs every active game's source, one async loop per game, on the one instance holding the
 * lease. The lease row expires unless renewed, so a crashed leader is replaced within a TTL.
 * Nothing here may reject unhandled: a database or Redis outage is logged (sparingly) and every
 * loop carries on, so the draws resume by themselves when the outage ends.
 */
export function createDrawEngine(opts: EngineOptions): DrawEngine {
  const { repos, log, clock } = opts;
  const monotonic = opts.monotonic ?? monotonicClock;
  const ttl = opts.leaseTtlMs ?? 15_000;
  const holderId = opts.holderId ?? randomBytes(8).toString('hex');
  const ctx: SourceContext = {
    repos,
    service: opts.service,
    clock,
    monotonic,
    log,
    random: opts.random ?? cryptoRandom,
    ballIntervalMs: opts.ballIntervalMs,
    upstreamPollMs: opts.upstreamPollMs,
    holderId,
  };
  const feeds = createFeedSource(ctx);
  const sources: Record<DrawSourceSettings['source'], DrawSource | null> = {
    simulator: createSimulatorSource(ctx),
    kaijiang: feeds,
    hkjc: feeds,
    macaujc: feeds,
    // Balls come from the admin API; nothing runs on a timer.
    manual: null,
  };
  const runners = new Map<number, Runner>();
  const holds = new Map<number, Set<Promise<unknown>>>();
  let leader = false;
  let leaseUntil = 0;
  let stopped = true;
  let leaseTimer: NodeJS.Timeout | undefined;
  let tick: Promise<void> = Promise.resolve();
  const leaseLog = createFailureLog(log, 'draw engine: lease renewal failed');
  const syncLog = createFailureLog(log, 'draw engine: reading the games failed');

  function startRunner(gameId: number): Runner {
    let stopping = false;
    let timer: NodeJS.Timeout | undefined;
    let wake: () => void = () => undefined;
    const failures = createFailureLog(log, 'draw engine step failed');
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        timer = setTimeout(wake, Math.max(0, Math.min(ms, MAX_SLEEP_MS)));
      });
    const loop = (async () => {
      while (!stopping) {
        let delay: number;
        try {
          delay = await step(gameId);
          failures.ok({ gameId });
        } catch (err) {
          failures.failed(err, { gameId });
          delay = ERROR_BACKOFF_MS;
        }
        if (!stopping) await sleep(delay);
      }
    })();
    return {
      wake: () => wake(),
      async stop() {
        stopping = true;
        wake();
        await loop;
      },
    };
  }

  async function step(gameId: number): Promise<number> {
    // Never write without a live lease: after a lost renewal another instance may be drawing.
    if (!leader || monotonic() >= leaseUntil) return 1_000;
    if (holds.get(gameId)?.size) return MAX_SLEEP_MS;
    const game: Game | undefined = await opts.service.game(gameId);
    const settings = await repos.drawSources.get(gameId);
    if (!game || !settings) return MAX_SLEEP_MS;
    const source = sources[settings.source];
    return source ? source.step(game, settings) : MAX_SLEEP_MS;
  }

  async function syncRunners(): Promise<void> {
    const wanted = leader ? new Set((await opts.service.games()).map((g) => g.id)) : new Set();
    for (const [id, runner] of runners) {
      if (!wanted.has(id)) {
        runners.delete(id);
        await runner.stop();
      }
    }
    for (const id of wanted) {
      if (!runners.has(id as number)) runners.set(id as number, startRunner(id as number));
    }
  }

  async function renew(): Promise<void> {
    // The database dates the lease by its own clock, at or after this instant: counting our
    // TTL from here ends our term no later than the row's, whatever the machines' clocks say.
    const asked = monotonic();
    try {
      const got = await repos.leases.acquire(LEASE_NAME, holderId, ttl);
      if (got && !leader) log.info({ holderId }, 'draw engine: this instance runs the draws');
      if (!got && leader) log.warn({ holderId }, 'draw engine: lease lost to another instance');
      leader = got;
      if (got) leaseUntil = asked + ttl;
      leaseLog.ok();
    } catch (err) {
      // Keep drawing until our lease runs out; nobody else may take it before that.
      leaseLog.failed(err);
      if (monotonic() >= leaseUntil) leader = false;
    }
    try {
      await syncRunners();
      syncLog.ok();
    } catch (err) {
      // The runners keep what they had; each one checks the lease before every write.
      syncLog.failed(err);
    }
  }

  /** One renewal after another; whatever a renewal throws, the next one is still scheduled. */
  function turn(): Promise<void> {
    return renew()
      .catch((err: unknown) => log.error({ err }, 'draw engine: renewal crashed'))
      .finally(schedule);
  }

  function schedule(): void {
    if (stopped) return;
    leaseTimer = setTimeout(() => {
      tick = turn();
    }, ttl / 3);
  }

  return {
    holderId,
    get leader() {
      return leader;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      tick = turn();
    },
    async stop() {
      stopped = true;
      clearTimeout(leaseTimer);
      await tick;
      const wasLeader = leader;
      leader = false;
      await Promise.all([...runners.values()].map((r) => r.stop()));
      runners.clear();
      if (wasLeader) {
        await repos.leases.release(LEASE_NAME, holderId).catch((err: unknown) => {
          log.warn({ err }, 'draw engine: could not release the lease');
        });
      }
    },
    poke(gameId) {
      runners.get(gameId)?.wake();
    },
    hold(gameId, until) {
      let set = holds.get(gameId);
      if (!set) holds.set(gameId, (set = new Set()));
      set.add(until);
      const release = () => {
        set.delete(until);
        runners.get(gameId)?.wake();
      };
      until.then(release, release);
    },
  };
}
