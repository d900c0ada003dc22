import { isDrawOrigin, toBall, type DrawSnapshot } from '@kaijiang/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { storeResults, type ResultWriter } from './results.ts';
import type { DrawService } from './service.ts';

const invalid = (msg: string, field = 'numbers') =>
  new AppError(400, 'REQ/INVALID', msg, { [field]: msg });

/**
 * An operator's choice between what the feeds said of a draw: the seven numbers stored through
 * the one way results are changed (results.ts: re-authentication, the draw as it was audited) and
 * the dispute closed.
 */
export async function settleDispute(
  deps: { repos: Repositories; service: DrawService },
  gameId: number,
  issue: string,
  numbers: readonly (string | number)[],
  writer: ResultWriter,
): Promise<{ before: DrawRecord; after: DrawSnapshot }> {
  const { repos, service } = deps;
  const game = await service.game(gameId);
  if (!game) throw notFound('游戏不存在');
  const open = await repos.feeds.dispute(gameId, issue);
  if (!open || open.settledAt) throw notFound('该期没有待处理的结果分歧');
  const draw = await repos.draws.get(gameId, issue);
  if (!draw) throw notFound('该期号不存在');
  let balls: string[];
  try {
    balls = numbers.map((n) => toBall(n));
  } catch {
    throw invalid('号码必须是 01-49');
  }
  if (balls.length !== 7 || new Set(balls).size !== 7)
    throw invalid('需要 7 个互不相同的号码（6 个正码和特码）');
  // The draw keeps the name of the source the operator sided with; numbers of their own: manual.
  const chosen = open.candidates.find((c) => c.position >= 0 && c.numbers.join() === balls.join());
  const source = chosen && isDrawOrigin(chosen.kind) ? chosen.kind : 'manual';
  const next = { ...draw, numbers: balls, status: 'done' as const, source };
  await storeResults({ repos, service }, gameId, [next], {
    change: 'dispute',
    writer,
    onExisting: 'update',
    // Only while the draw still holds what the operator was shown.
    expected: new Map([[issue, draw.numbers.join(',')]]),
  });
  await repos.feeds.settleDispute(gameId, issue, balls, new Date(service.clock()).toISOString());
  service.invalidate(gameId);
  await service.changed(next);
  return { before: draw, after: service.snapshotOf(game, next) };
}
