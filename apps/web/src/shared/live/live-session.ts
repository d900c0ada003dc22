import { COMMAND, type DrawSnapshot, type Frame } from '@kaijiang/domain';
import { runtimeConfig } from '../config/runtime-config';
import { format, getLocale } from '../i18n';
import type { AppDispatch } from '../store/hooks';
import type { RootState } from '../store/root-reducer';
import { notify } from '../ui/notifications';
import {
  connectionChanged,
  isNewer,
  liveReducer,
  selectLiveDraw,
  snapshotsReceived,
} from './live-slice';
import { liveWords } from './live-words';
import { GameSocketClient, type SocketClientOptions } from './socket-client';

/** Leaving a live screen for another keeps the socket: no reconnect on every tab switch. */
export const IDLE_STOP_MS = 30_000;

interface StoreLike {
  dispatch: AppDispatch;
  getState: () => RootState;
}

export interface LiveSessionOptions {
  createClient?: (options: SocketClientOptions) => GameSocketClient;
  now?: () => number;
}

function isSnapshot(value: unknown): value is DrawSnapshot {
  const s = value as DrawSnapshot | null;
  return (
    !!s &&
    typeof s.gameId === 'number' &&
    typeof s.issue === 'string' &&
    Array.isArray(s.numbers) &&
    typeof s.drawAt === 'string' &&
    (s.status === 'waiting' || s.status === 'drawing' || s.status === 'done')
  );
}

/** A draw the visitor was following has just been completed. */
export function justFinished(previous: DrawSnapshot | undefined, next: DrawSnapshot): boolean {
  if (!previous || next.status !== 'done') return false;
  if (previous.issue === next.issue) return previous.status !== 'done';
  return Date.parse(next.drawAt) > Date.parse(previous.drawAt);
}

export function finishedText(snapshot: DrawSnapshot, gameName: string) {
  const w = liveWords[getLocale()];
  const regular = snapshot.numbers.slice(0, 6).join(' ');
  const special = snapshot.numbers[6];
  return {
    title: format(w.finishedTitle, { game: gameName, issue: snapshot.issue }),
    body: special ? `${regular} + ${special}` : regular,
  };
}

/**
 * The page's one game socket (DESIGN §7) feeding the live slice. Screens borrow it for the games
 * they show; the last one to leave lets it close after a grace period. Loaded after the first
 * paint (see useLiveDraws): the latest draw over HTTP is on screen meanwhile.
 */
export class LiveSession {
  readonly client: GameSocketClient;
  #store: StoreLike;
  #now: () => number;
  #refs = new Map<number, number>();
  #users = 0;
  #stopTimer: ReturnType<typeof setTimeout> | null = null;
  #running = false;

  constructor(store: StoreLike, options: LiveSessionOptions = {}) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
    // Reading liveReducer makes sure the slice is in the store before the first frame.
    void liveReducer;
    const hosts = runtimeConfig().liveHosts;
    const create = options.createClient ?? ((o) => new GameSocketClient(o));
    this.client = create({ hosts, defaultHost: hosts[0] });
    this.client.onState((s) => store.dispatch(connectionChanged(s)));
    this.client.onFrame((frame) => this.#onFrame(frame));
  }

  /** Follows these games until the returned function is called. */
  acquire(gameIds: readonly number[]): () => void {
    for (const id of gameIds) this.#refs.set(id, (this.#refs.get(id) ?? 0) + 1);
    this.#users += 1;
    if (this.#stopTimer) clearTimeout(this.#stopTimer);
    this.#stopTimer = null;
    this.client.subscribe(gameIds);
    if (!this.#running) {
      this.#running = true;
      this.client.start();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#users -= 1;
      const gone: number[] = [];
      for (const id of gameIds) {
        const left = (this.#refs.get(id) ?? 1) - 1;
        if (left > 0) this.#refs.set(id, left);
        else {
          this.#refs.delete(id);
          gone.push(id);
        }
      }
      this.client.unsubscribe(gone);
      if (this.#users === 0) this.#stopTimer = setTimeout(() => this.stop(), IDLE_STOP_MS);
    };
  }

  stop(): void {
    if (this.#stopTimer) clearTimeout(this.#stopTimer);
    this.#stopTimer = null;
    this.#running = false;
    this.client.stop();
    this.#store.dispatch(connectionChanged('idle'));
  }

  #onFrame(frame: Frame) {
    if (frame.command !== COMMAND.SNAPSHOT || !isSnapshot(frame.content)) return;
    const snapshot = frame.content;
    const { dispatch, getState } = this.#store;
    const previous = selectLiveDraw(getState(), snapshot.gameId);
    dispatch(snapshotsReceived({ snapshots: [snapshot], receivedAt: this.#now() }));
    if (
      this.#refs.has(snapshot.gameId) &&
      isNewer(previous, snapshot) &&
      justFinished(previous, snapshot)
    ) {
      const game = getState().app.games.find((g) => g.id === snapshot.gameId);
      notify(finishedText(snapshot, game?.name ?? String(snapshot.gameId)));
    }
  }
}

let session: LiveSession | null = null;
let sessionStore: StoreLike | null = null;
let factory: LiveSessionOptions = {};

/** The page's session, made on first use for this store. */
export function liveSession(store: StoreLike): LiveSession {
  if (!session || sessionStore !== store) {
    session?.stop();
    session = new LiveSession(store, factory);
    sessionStore = store;
  }
  return session;
}

/** Tests hand in a fake socket and a stubbed API. */
export function configureLiveSession(options: LiveSessionOptions): void {
  session?.stop();
  session = null;
  sessionStore = null;
  factory = options;
}
