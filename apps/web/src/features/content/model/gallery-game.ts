import type { Game } from '@kaijiang/domain';

/** The gallery's game: the home game in ?game, else the first home game. */
export function galleryGame(homeGames: readonly Game[], search: URLSearchParams): Game | undefined {
  const wanted = Number(search.get('game'));
  return homeGames.find((g) => g.id === wanted) ?? homeGames[0];
}
