import type { Game } from '@kaijiang/domain';

export type HistoryTab = 'list' | 'stats' | 'search';

export interface HistoryParams {
  gameId: number | undefined;
  year: number | undefined;
  /** 1–12, within `year` (none without a year). */
  month: number | undefined;
  tab: HistoryTab;
}

const int = (raw: string | null): number | undefined => {
  const n = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const monthOf = (raw: string | null): number | undefined => {
  const n = int(raw);
  return n !== undefined && n <= 12 ? n : undefined;
};

/** The first and last day of a month, as the search's `from` and `to` ask for them. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Game, year and tab live in the query string, so a view can be shared or reloaded as is. */
export function readHistoryParams(search: URLSearchParams): HistoryParams {
  return {
    gameId: int(search.get('game')),
    year: int(search.get('year')),
    month: search.get('year') ? monthOf(search.get('month')) : undefined,
    tab:
      search.get('tab') === 'stats' ? 'stats' : search.get('tab') === 'search' ? 'search' : 'list',
  };
}

/**
 * The game shown: the one in ?game among the home games, else (no ?game) the current game when
 * it is a home game, else the first home game.
 */
export function historyGame(
  games: readonly Game[],
  current: Game | null,
  params: HistoryParams,
): Game | undefined {
  return (
    games.find((g) => g.id === params.gameId) ??
    (params.gameId === undefined
      ? (games.find((g) => g.id === current?.id) ?? games[0])
      : undefined)
  );
}
