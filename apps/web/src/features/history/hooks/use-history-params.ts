import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { readHistoryParams, type HistoryParams } from '../model/history-params';

export type { HistoryParams, HistoryTab } from '../model/history-params';

/** Game, year and tab live in the query string, so a view can be shared or reloaded as is. */
export function useHistoryParams(): [HistoryParams, (next: Partial<HistoryParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = readHistoryParams(search);
  const update = useCallback(
    (next: Partial<HistoryParams>) => {
      setSearch(
        (prev) => {
          const out = new URLSearchParams(prev);
          const put = (key: string, value: string | number | undefined) => {
            if (value === undefined) out.delete(key);
            else out.set(key, String(value));
          };
          if ('gameId' in next) {
            put('game', next.gameId);
            // Another game has other years: start again from all of them.
            if (!('year' in next)) out.delete('year');
          }
          if ('year' in next) put('year', next.year);
          // A month is of a year: another year (or game) starts from the whole of it.
          if ('month' in next) put('month', next.month);
          else if ('year' in next || 'gameId' in next) out.delete('month');
          if ('tab' in next) put('tab', next.tab === 'list' ? undefined : next.tab);
          return out;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  return [params, update];
}
