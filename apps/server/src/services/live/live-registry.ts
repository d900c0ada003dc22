import { randomUUID } from 'node:crypto';
import type { DrawSnapshot } from '@kaijiang/domain';
import type { WebSocket } from 'ws';
import type { LiveConnection } from './live-connection.ts';
import type { LiveHub } from './live-hub.ts';
import { CLOSE, snapshotFrame } from './protocol.ts';
import { textFrame, type WireFrame } from './wire-frame.ts';

/**
 * Sockets written per turn of the event loop. A ball to 10,000 sockets is about 100 ms of writes:
 * in one go, every page and API request arriving meanwhile waits for all of it (the draw-time
 * surge bench measured the latest-draw poll's p99 at 112 ms); in turns of 1,000 they wait ~10 ms.
 * Turns of 2,500 (fewer turns for a ball to wait through) measured no better for the ball under
 * the surge's full load (p99 570 against 468 ms, single runs).
 */
export const FANOUT_BATCH = 1_000;

/** Time a server-closed socket is given to flush its close frame before it is cut. */
const CLOSE_FLUSH_MS = 500;

/**
 * Sends the close frame and cuts the socket shortly after without waiting for the peer's answer
 * (ws would wait 30 s for it). Cutting at once could discard the frame still being written, and
 * the client would see 1006 instead of the code that tells it why.
 */
export function closeNow(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  setTimeout(() => ws.terminate(), CLOSE_FLUSH_MS).unref();
}

export interface RegistryOptions {
  /** A connection silent for this long is closed (clients ping every 15 s). */
  idleTimeoutMs: number;
  /** Open connections per client address (address-key.ts: an IPv6 /64); 0 = no cap. */
  maxConnectionsPerIp: number;
  /** A fan-out failed part-way (a bug): that snapshot goes no further, the next ones do. */
  onError?: (err: unknown) => void;
  /** Told of each snapshot written to all its subscribers: how many, and how long it took. */
  onFanout?: (done: { gameId: number; sockets: number; ms: number }) => void;
}

/**
 * This instance's live connections: who listens to which game, per-address counts and the idle
 * sweep. One hub listener per game, however many connections watch it, so a publish is
 * serialized once and the same string goes to every subscriber.
 */
export class LiveRegistry {
  #hub: LiveHub;
  #opts: RegistryOptions;
  #connections = new Set<LiveConnection>();
  #perIp = new Map<string, number>();
  #games = new Map<number, { members: Set<LiveConnection>; off: () => void }>();
  /** A game's snapshot still on its way to part of its subscribers. */
  #fanouts = new Map<
    number,
    { frame: WireFrame; to: LiveConnection[]; at: number; started: number }
  >();
  #sweeper: ReturnType<typeof setInterval>;

  constructor(hub: LiveHub, opts: RegistryOptions) {
    this.#hub = hub;
    this.#opts = opts;
    // One timer for every connection instead of a timer each re-armed on every frame.
    const every = Math.min(5_000, Math.max(25, Math.floor(opts.idleTimeoutMs / 3)));
    this.#sweeper = setInterval(() => this.#sweep(), every);
    this.#sweeper.unref();
  }

  get size(): number {
    return this.#connections.size;
  }

  /** False when this address (its addressKey) already holds its share of connections. */
  admits(key: string): boolean {
    const max = this.#opts.maxConnectionsPerIp;
    return max === 0 || (this.#perIp.get(key) ?? 0) < max;
  }

  /** Counts the connection against its address until `closed`. */
  add(conn: LiveConnection): void {
    this.#connections.add(conn);
    this.#perIp.set(conn.ip, (this.#perIp.get(conn.ip) ?? 0) + 1);
  }

  /**
   * The socket's own 'close' event, once per added connection: only now does the connection stop
   * counting against its address. A socket we are closing still holds a descriptor and buffers,
   * so it is not gone when we decide it is.
   */
  closed(conn: LiveConnection): void {
    this.remove(conn);
    const n = (this.#perIp.get(conn.ip) ?? 1) - 1;
    if (n > 0) this.#perIp.set(conn.ip, n);
    else this.#perIp.delete(conn.ip);
  }

  /** Stops sending to the connection (it is closing or closed). */
  remove(conn: LiveConnection): void {
    if (!this.#connections.delete(conn)) return;
    for (const gameId of conn.games) this.leave(conn, gameId);
    conn.dispose();
  }

  /**
   * The server ends a connection: the close frame says why, and the socket is cut at once rather
   * than left waiting up to 30 s for a closing handshake a misbehaving or vanished peer never
   * sends (meanwhile it would still hold its place under the cap).
   */
  shut(conn: LiveConnection, code: number, reason: string): void {
    this.remove(conn);
    closeNow(conn.ws, code, reason);
  }

  /** True when the connection was not yet subscribed to the game. */
  join(conn: LiveConnection, gameId: number): boolean {
    if (conn.games.includes(gameId)) return false;
    let game = this.#games.get(gameId);
    if (!game) {
      game = { members: new Set(), off: this.#hub.subscribe(gameId, this.#broadcast) };
      this.#games.set(gameId, game);
    }
    game.members.add(conn);
    conn.games = conn.games.concat(gameId); // sized exactly (a spread or a push reserves 16 more)
    return true;
  }

  leave(conn: LiveConnection, gameId: number): void {
    const at = conn.games.indexOf(gameId);
    if (at >= 0) conn.games = conn.games.slice(0, at).concat(conn.games.slice(at + 1));
    const game = this.#games.get(gameId);
    if (!game) return;
    game.members.delete(conn);
    if (game.members.size === 0) {
      game.off();
      this.#games.delete(gameId);
    }
  }

  /** Subscribers of a game on this instance (for tests and metrics). */
  subscribers(gameId: number): number {
    return this.#games.get(gameId)?.members.size ?? 0;
  }

  readonly #broadcast = (snapshot: DrawSnapshot): void => {
    const game = this.#games.get(snapshot.gameId);
    if (!game) return;
    // Encoded and framed once: the same bytes are written to every socket (wire-frame.ts).
    const frame = textFrame(snapshotFrame(randomUUID(), snapshot));
    const running = this.#fanouts.has(snapshot.gameId);
    // A newer snapshot supersedes one still on its way (snapshots are cumulative): it goes to
    // every subscriber from the first, so none gets the older one after the newer.
    const to = [...game.members];
    this.#fanouts.set(snapshot.gameId, { frame, to, at: 0, started: performance.now() });
    if (!running) this.#fanout(snapshot.gameId);
  };

  #fanout(gameId: number): void {
    const f = this.#fanouts.get(gameId);
    if (!f) return;
    const end = Math.min(f.to.length, f.at + FANOUT_BATCH);
    try {
      for (; f.at < end; f.at++) f.to[f.at]!.push(gameId, f.frame);
    } catch (err) {
      // A failed turn must not leave the game's fan-out marked as running (every later snapshot
      // would wait behind it for good), nor throw out of a later turn's callback (the process).
      this.#fanouts.delete(gameId);
      this.#opts.onError?.(err);
      return;
    }
    if (f.at < f.to.length) {
      setImmediate(() => this.#fanout(gameId));
      return;
    }
    this.#fanouts.delete(gameId);
    this.#opts.onFanout?.({ gameId, sockets: f.to.length, ms: performance.now() - f.started });
  }

  #sweep(): void {
    const deadline = Date.now() - this.#opts.idleTimeoutMs;
    for (const conn of this.#connections) {
      if (conn.lastSeen < deadline) {
        this.shut(conn, CLOSE.idle, 'idle timeout');
      } else if (conn.hasPending) {
        // Safety net: 'drain' should have fired; a missed one must not strand a snapshot.
        conn.flush();
      }
    }
  }

  /** Server shutdown (the websocket plugin closes the sockets themselves). */
  close(): void {
    clearInterval(this.#sweeper);
    this.#fanouts.clear();
    for (const conn of [...this.#connections]) this.remove(conn);
  }
}
