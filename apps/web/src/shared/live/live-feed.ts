import { COMMAND, type DrawSnapshot, type Frame } from '@kaijiang/domain';
import { runtimeConfig } from '../config/runtime-config';
import { format, getLocale } from '../i18n';
import type { AppDispatch } from '../store/hooks';
import type { RootState } from '../store/root-reducer';
import { selectGames } from '../store/selectors';
import { api } from '../api/api';
import { notify } from '../ui/notifications';
import { clockSampled, connectionChanged, isNewer } from './live-slice';
import { liveWords } from './live-words';
import { GameSocketClient, type SocketClientOptions } from './socket-client';

interface StoreLike {
  dispatch: AppDispatch;
  getState: () => unknown;
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

interface Follower {
  ids: readonly number[];
  onSnapshot: (s: DrawSnapshot) => void;
}

let createClient = (o: SocketClientOptions) => new GameSocketClient(o);
let client: GameSocketClient | null = null;
const followers = new Set<Follower>();
/** The last snapshot seen per game: a finished draw is announced once, whoever follows it. */
const seen = new Map<number, DrawSnapshot>();

/** Tests hand in a fake socket. */
export function setSocketFactory(make: (o: SocketClientOptions) => GameSocketClient): void {
  client?.stop();
  client = null;
  followers.clear();
  seen.clear();
  createClient = make;
}

const followed = () => new Set([...followers].flatMap((f) => f.ids));

/**
 * The page's one game socket (docs/architecture.md §7), shared by the latest-draws entries: each follows its
 * games until it is removed from the cache; the socket asks for the games someone follows and
 * closes when nobody does.
 */
export function follow(
  ids: readonly number[],
  store: StoreLike,
  onSnapshot: (s: DrawSnapshot) => void,
  /** What the entry holds now (GET /draws/latest): a draw finishing next is told from it. */
  known: readonly DrawSnapshot[] = [],
): () => void {
  for (const s of known) if (isNewer(seen.get(s.gameId), s)) seen.set(s.gameId, s);
  const me: Follower = { ids, onSnapshot };
  followers.add(me);
  if (!client) {
    const hosts = runtimeConfig().liveHosts;
    const c = (client = createClient({ hosts, defaultHost: hosts[0] }));
    c.onState((s) => store.dispatch(connectionChanged(s)));
    c.onFrame((frame: Frame) => {
      if (frame.command !== COMMAND.SNAPSHOT || !isSnapshot(frame.content)) return;
      const s = frame.content;
      store.dispatch(clockSampled({ serverTimes: [s.serverTime], receivedAt: Date.now() }));
      for (const f of followers) if (f.ids.includes(s.gameId)) f.onSnapshot(s);
      const previous = seen.get(s.gameId);
      if (!isNewer(previous, s)) return;
      seen.set(s.gameId, s);
      if (!justFinished(previous, s)) return;
      // What is built from the game's finished draws (its trend chart) is asked for again.
      store.dispatch(api.util.invalidateTags([{ type: 'Draws', id: s.gameId }]));
      if (followed().has(s.gameId)) {
        const game = selectGames(store.getState() as RootState).find((g) => g.id === s.gameId);
        notify(finishedText(s, game?.name ?? String(s.gameId)));
      }
    });
    c.start();
  }
  client.subscribe(ids);
  return () => {
    if (!followers.delete(me)) return;
    const still = followed();
    client?.unsubscribe(ids.filter((id) => !still.has(id)));
    if (followers.size === 0) {
      client?.stop();
      client = null;
      store.dispatch(connectionChanged('idle'));
    }
  };
}
