import { useEffect, useMemo } from 'react';
import { useAppStore } from '../store/hooks';
import { loadLatest } from './load-latest';

/**
 * Keeps the given games' draws live while the calling screen is mounted: the latest draw over
 * HTTP at once, then the socket's snapshots. The socket code is its own chunk, fetched beside the
 * HTTP answer, so it never delays the first paint. `allHome` asks for every home game at once.
 */
export function useLiveDraws(gameIds: readonly number[], { allHome = false } = {}): void {
  const store = useAppStore();
  const key = gameIds.join(',');
  const ids = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);

  useEffect(() => {
    if (ids.length === 0) return;
    void loadLatest(store, ids, allHome ? undefined : ids[0]);
    let release: (() => void) | undefined;
    let left = false;
    import('./live-session')
      .then(({ liveSession }) => {
        if (!left) release = liveSession(store).acquire(ids);
      })
      .catch((error: unknown) => console.warn('kaijiang: live updates unavailable', error));
    return () => {
      left = true;
      release?.();
    };
  }, [store, ids, allHome]);
}
