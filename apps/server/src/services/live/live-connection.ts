import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { WireFrame } from './wire-frame.ts';

/** Snapshots travel as UTF-8 buffers, but they are JSON: text frames. */
const TEXT = { binary: false } as const;

/** Per-connection limits of the live socket (docs/architecture.md §7). */
export interface ConnectionLimits {
  /** Message rate: a bucket of `burst` frames refilled at `perSecond`. */
  burst: number;
  perSecond: number;
  /** Above this many unsent bytes, snapshots wait (newest per game only) instead of queueing. */
  highWaterBytes: number;
  /** Above this, even answers are not queued: the client is cut off. */
  hardLimitBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  burst: 20,
  perSecond: 2,
  highWaterBytes: 64 * 1024,
  hardLimitBytes: 1024 * 1024,
};

const OPEN = 1;

/**
 * One visitor's socket. Snapshots are cumulative, so a slow reader only ever needs the newest one
 * of each game: while its buffer is above the high-water mark, a new snapshot replaces the waiting
 * one and the lot is sent on the socket's 'drain'. Memory per client stays bounded and the client
 * still ends on the final state.
 */
export class LiveConnection {
  readonly ws: WebSocket;
  /** The client's addressKey (an IPv6 /64): what the per-address cap counts. */
  readonly ip: string;
  /**
   * Games this connection receives; kept here so cleanup on close needs no search. Replaced, never
   * changed in place: a few at most (MAX_GAMES_PER_CONNECTION), in a list of exactly their size
   * (a Set's hash table, or an array grown by push, is ~200 bytes for one game on every socket).
   */
  games: readonly number[] = [];
  lastSeen: number;
  #socket: Socket | null;
  #limits: ConnectionLimits;
  #highWater: number;
  #tokens: number;
  #refilledAt: number;
  #pending: Map<number, string | WireFrame> | null = null;
  // Bound the first time this client falls behind, then kept: publishing allocates nothing per
  // client, and the many that always keep up carry no listener.
  #onDrain: (() => void) | null = null;

  constructor(ws: WebSocket, ip: string, socket: Socket | null, limits: ConnectionLimits) {
    this.ws = ws;
    this.ip = ip;
    this.#socket = socket;
    this.#limits = limits;
    // 'drain' only follows a write that crossed the socket's own mark, so ours must not be lower.
    this.#highWater = Math.max(limits.highWaterBytes, socket?.writableHighWaterMark ?? 0);
    this.#tokens = limits.burst;
    this.lastSeen = this.#refilledAt = Date.now();
  }

  get open(): boolean {
    return this.ws.readyState === OPEN;
  }

  get hasPending(): boolean {
    return this.#pending !== null;
  }

  /** Counts one received frame; false when the client is over its rate. */
  take(now: number): boolean {
    this.lastSeen = now;
    const l = this.#limits;
    this.#tokens = Math.min(
      l.burst,
      this.#tokens + ((now - this.#refilledAt) / 1000) * l.perSecond,
    );
    this.#refilledAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** An answer to the client's own frame: never dropped, so a client that never reads is cut. */
  send(frame: string): void {
    if (!this.open) return;
    if (this.ws.bufferedAmount > this.#limits.hardLimitBytes) {
      this.ws.terminate();
      return;
    }
    this.ws.send(frame);
  }

  /** A snapshot of `gameId`; supersedes any snapshot of that game still waiting. */
  push(gameId: number, frame: string | WireFrame): void {
    if (this.#pending === null && this.ws.bufferedAmount <= this.#highWater) {
      this.#deliver(frame);
      return;
    }
    this.#wait(gameId, frame);
  }

  /** Keeps the newest frame of the game for the socket's next 'drain'. */
  #wait(gameId: number, frame: string | WireFrame): void {
    (this.#pending ??= new Map()).set(gameId, frame);
    if (this.#onDrain === null && this.#socket !== null) {
      this.#onDrain = () => this.flush();
      this.#socket.on('drain', this.#onDrain);
    }
  }

  /**
   * A frame made once for all subscribers goes straight to the socket. Safe beside ws's own
   * sends: without permessage-deflate (plugins/external/websocket.ts) ws writes each of its
   * frames whole and at once, never queued, so no two frames interleave; and it is only written
   * while the socket is open (never after ws's close frame).
   */
  #deliver(frame: string | WireFrame): void {
    if (!this.open) return;
    if (typeof frame === 'string') this.ws.send(frame, TEXT);
    else if (this.#socket) this.#socket.write(frame.wire);
    else this.ws.send(frame.payload, TEXT);
  }

  /** Sends waiting snapshots while the buffer allows; the rest wait for the next 'drain'. */
  flush(): void {
    const pending = this.#pending;
    if (pending === null) return;
    this.#pending = null;
    if (!this.open) return;
    for (const [gameId, frame] of pending) {
      if (this.#pending === null && this.ws.bufferedAmount <= this.#highWater) {
        this.#deliver(frame);
      } else this.#wait(gameId, frame);
    }
  }

  dispose(): void {
    this.#pending = null;
    if (this.#onDrain !== null) this.#socket?.off('drain', this.#onDrain);
    this.#onDrain = null;
    this.#socket = null;
  }
}
