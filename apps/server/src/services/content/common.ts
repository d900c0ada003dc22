// What the per-resource content services share: paging, the field error an operator or visitor
// gets, and the game check.
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';

export interface Paging {
  page: number;
  pageSize: number;
}

export const offsetOf = ({ page, pageSize }: Paging) => (page - 1) * pageSize;
export const invalid = (field: string, msg: string) =>
  new AppError(400, 'REQ/INVALID', msg, { [field]: msg });

export async function gameOr404(repos: Repositories, gameId: number) {
  const game = await repos.games.get(gameId);
  if (!game) throw notFound('彩种不存在');
  return game;
}
