import type { BallScope, DrawStats } from '@kaijiang/domain';
import { useEffect, useState } from 'react';
import { getDrawStats } from '../api/get-draw-stats';

export interface DrawStatsState {
  stats: DrawStats | null;
  loading: boolean;
  error: string | null;
}

/** Statistics of a game over its last `window` draws; refetched when any input changes. */
export function useDrawStats(
  gameId: number | undefined,
  span: number,
  scope: BallScope,
  fetchStats = getDrawStats,
): DrawStatsState {
  const key = `${gameId}:${span}:${scope}`;
  const [answer, setAnswer] = useState<{
    key: string;
    stats: DrawStats | null;
    error: string | null;
  } | null>(null);

  useEffect(() => {
    if (gameId === undefined) return;
    const controller = new AbortController();
    fetchStats({ gameId, window: span, scope }, controller.signal).then(
      (stats) => {
        if (!controller.signal.aborted) setAnswer({ key, stats, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setAnswer({
            key,
            stats: null,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
    return () => controller.abort();
  }, [fetchStats, gameId, span, scope, key]);

  const current = answer?.key === key ? answer : null;
  return {
    // The previous answer stays on screen while the next loads, so the page does not jump.
    stats: current?.stats ?? answer?.stats ?? null,
    loading: gameId !== undefined && current === null,
    error: current?.error ?? null,
  };
}
