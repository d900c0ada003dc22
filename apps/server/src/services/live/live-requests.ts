import type { Draw, DrawSnapshot } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createFailureLog, type FailureLog } from '../../lib/failure-log.ts';
import { nowIso } from '../../lib/time.ts';
import type { LiveConnection } from './live-connection.ts';
import { isOlder, type LiveHub } from './live-hub.ts';
import type { LiveRegistry } from './live-registry.ts';
import { REFUSAL, gameNotFound, historyFrame, refusalFrame, snapshotFrame } from './protocol.ts';
import { textFrame } from './wire-frame.ts';

/** What the live socket needs of the draw service (`app.draws`). */
export interface LiveDraws {
  snapshot(gameId: number): Promise<DrawSnapshot | null>;
  /** Newest first. */
  recent(gameId: number, limit: number): Promise<Draw[]>;
  gameExists(gameId: number): Promise<boolean>;
}

/**
 * A snapshot read for one subscribe answers the next ones for this long. What changes with a
 * draw reaches the hub and wins over it (below); what follows from the clock alone (the next
 * draw's time once one is due) is at most this late, as in the latest draw's kept answer.
 */
export const SNAPSHOT_REUSE_MS = 250;

/** A connection follows at most this many games, however many subscribe frames it sends. */
export const MAX_GAMES_PER_CONNECTION = 20;

/** Answers 67 (subscribe) and 69 (history) from the draw service and the hub. */
export class LiveRequests {
  #draws: LiveDraws;
  #hub: LiveHub;
  #registry: LiveRegistry;
  // During a database outage every visitor's subscribe fails: one line per period, not each.
  #historyFailed: FailureLog;
  #snapshotFailed: FailureLog;
  // After a restart every visitor reconnects and subscribes at once: one read per game serves
  // all of them.
  #inflight = new Map<number, Promise<DrawSnapshot | null>>();
  // And at the draw minute thousands open their socket within seconds: a game's snapshot, once
  // read, answers the subscribes of the next SNAPSHOT_REUSE_MS with the time of each answer.
  // A change the hub delivers meanwhile (a ball, a correction) ends the reuse at once.
  #read = new Map<number, { at: number; snapshot: DrawSnapshot; seen: DrawSnapshot | undefined }>();

  constructor(draws: LiveDraws, hub: LiveHub, registry: LiveRegistry, log: FastifyBaseLogger) {
    this.#draws = draws;
    this.#hub = hub;
    this.#registry = registry;
    this.#historyFailed = createFailureLog(log, 'live history failed');
    this.#snapshotFailed = createFailureLog(log, 'live snapshot failed');
  }

  async history(conn: LiveConnection, id: string, gameId: number, limit: number): Promise<void> {
    try {
      const draws = this.#draws;
      const list = await draws.recent(gameId, limit);
      if (list.length === 0 && !(await draws.gameExists(gameId))) {
        conn.send(refusalFrame(id, gameNotFound(gameId)));
        return;
      }
      conn.send(historyFrame(id, gameId, list.slice(0, limit)));
      this.#historyFailed.ok();
    } catch (err) {
      this.#historyFailed.failed(err, { gameId });
      conn.send(refusalFrame(id, REFUSAL.error));
    }
  }

  async subscribe(conn: LiveConnection, id: string, gameIds: number[]): Promise<void> {
    const fresh = gameIds.filter((g) => !conn.games.includes(g));
    if (conn.games.length + fresh.length > MAX_GAMES_PER_CONNECTION) {
      conn.send(refusalFrame(id, REFUSAL.tooManyGames));
      return;
    }
    // Join before reading, so a change published meanwhile is not missed.
    for (const gameId of fresh) this.#registry.join(conn, gameId);
    await Promise.all(gameIds.map((gameId) => this.#answer(conn, id, gameId, fresh)));
  }

  async #answer(conn: LiveConnection, id: string, gameId: number, fresh: number[]) {
    let snapshot: DrawSnapshot | null;
    try {
      snapshot = await this.#snapshot(gameId);
      this.#snapshotFailed.ok();
      if (snapshot === null && !(await this.#draws.gameExists(gameId))) {
        if (fresh.includes(gameId)) this.#registry.leave(conn, gameId);
        conn.send(refusalFrame(id, gameNotFound(gameId)));
        return;
      }
    } catch (err) {
      this.#snapshotFailed.failed(err, { gameId });
      conn.send(refusalFrame(id, REFUSAL.error));
      return;
    }
    // A ball published while we read may already have reached the client: never answer with
    // a state older than what the hub has seen.
    const latest = this.#hub.latest(gameId);
    if (latest && (snapshot === null || isOlder(snapshot, latest))) {
      snapshot = { ...latest, serverTime: nowIso() };
    }
    // A game with no draw yet has nothing to show; its first change will follow.
    if (snapshot === null || !conn.open) return;
    conn.push(gameId, textFrame(snapshotFrame(id, snapshot)));
  }

  #snapshot(gameId: number): Promise<DrawSnapshot | null> | DrawSnapshot {
    const now = Date.now();
    const read = this.#read.get(gameId);
    const seen = this.#hub.latest(gameId);
    if (read !== undefined && now - read.at < SNAPSHOT_REUSE_MS && read.seen === seen) {
      return { ...read.snapshot, serverTime: nowIso() };
    }
    let p = this.#inflight.get(gameId);
    if (!p) {
      p = this.#draws.snapshot(gameId).then(
        (snapshot) => {
          this.#inflight.delete(gameId);
          // Only a game's: a game that does not exist is not kept, whatever a client asks.
          if (snapshot !== null) this.#read.set(gameId, { at: now, snapshot, seen });
          return snapshot;
        },
        (err: unknown) => {
          this.#inflight.delete(gameId);
          throw err;
        },
      );
      this.#inflight.set(gameId, p);
    }
    return p;
  }
}
