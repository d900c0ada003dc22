import type { DrawSnapshot } from '@kaijiang/domain';

export type SnapshotListener = (snapshot: DrawSnapshot) => void;

/**
 * Where draw changes meet the live connections. The draw engine publishes a snapshot after the
 * change is stored; every instance's subscribers receive it exactly once. The in-process hub is
 * the default; a Redis-backed hub carries the same calls across instances.
 */
export interface LiveHub {
  publish(snapshot: DrawSnapshot): Promise<void>;
  /** Listeners of one game on this instance (its WebSocket connections). */
  subscribe(gameId: number, listener: SnapshotListener): () => void;
  /** The newest snapshot this instance has seen of a game. */
  latest(gameId: number): DrawSnapshot | undefined;
  close(): Promise<void>;
}

/** Fans a snapshot out to this instance's listeners; shared by every hub implementation. */
export class LocalFanout {
  #listeners = new Map<number, Set<SnapshotListener>>();
  #latest = new Map<number, DrawSnapshot>();

  deliver(snapshot: DrawSnapshot): void {
    const previous = this.#latest.get(snapshot.gameId);
    // Out-of-order delivery (several publishers, pub/sub reordering) must never move a game back,
    // and a state delivered twice (a publish retried after a timeout) reaches visitors once.
    if (previous && (isOlder(snapshot, previous) || sameState(snapshot, previous))) return;
    this.#latest.set(snapshot.gameId, snapshot);
    for (const listener of this.#listeners.get(snapshot.gameId) ?? []) listener(snapshot);
  }

  subscribe(gameId: number, listener: SnapshotListener): () => void {
    let set = this.#listeners.get(gameId);
    if (!set) this.#listeners.set(gameId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(gameId);
    };
  }

  latest(gameId: number): DrawSnapshot | undefined {
    return this.#latest.get(gameId);
  }
}

const STATUS_ORDER = { waiting: 0, delayed: 1, drawing: 2, disputed: 3, done: 4 } as const;

/** Issues of one game grow (same length within a scheme); within an issue, balls only add up. */
export function isOlder(a: DrawSnapshot, b: DrawSnapshot): boolean {
  // A draw of another source at the same time replaces it (a feed's numbering after the
  // simulator's): news, whatever its issue or balls.
  if (a.drawAt === b.drawAt && a.source !== b.source) return false;
  if (a.issue !== b.issue) {
    // By time first: a game switched from the simulator to a feed is numbered anew.
    if (a.drawAt !== b.drawAt) return a.drawAt < b.drawAt;
    return a.issue.length === b.issue.length ? a.issue < b.issue : false;
  }
  // A dispute may take back balls a backup gave: news even with fewer numbers.
  if (b.status === 'disputed' && (a.status === 'drawing' || a.status === 'delayed')) return true;
  if (a.numbers.length !== b.numbers.length) return a.numbers.length < b.numbers.length;
  return STATUS_ORDER[a.status] < STATUS_ORDER[b.status];
}

/** Equal but for serverTime, which only says when the snapshot was taken. */
export function sameState(a: DrawSnapshot, b: DrawSnapshot): boolean {
  return (
    a.issue === b.issue &&
    a.status === b.status &&
    a.drawAt === b.drawAt &&
    a.nextIssue === b.nextIssue &&
    a.nextDrawAt === b.nextDrawAt &&
    a.numbers.length === b.numbers.length &&
    a.numbers.every((n, i) => n === b.numbers[i])
  );
}

export function createLocalHub(): LiveHub {
  const fanout = new LocalFanout();
  return {
    async publish(snapshot) {
      fanout.deliver(snapshot);
    },
    subscribe: (gameId, listener) => fanout.subscribe(gameId, listener),
    latest: (gameId) => fanout.latest(gameId),
    async close() {},
  };
}
