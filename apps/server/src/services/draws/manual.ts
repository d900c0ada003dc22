import {
  issueOf,
  previousDrawAt,
  toBall,
  zonedParts,
  type DrawSnapshot,
  type Game,
} from '@kaijiang/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { storeResults, type ResultWriter } from './results.ts';
import type { DrawService } from './service.ts';

const invalid = (msg: string, field = 'number') =>
  new AppError(400, 'REQ/INVALID', msg, { [field]: msg });

/** Which draw an operator's ball belongs to: the named issue, the open draw, or the one due. */
async function target(
  repos: Repositories,
  game: Game,
  issue: string | undefined,
  now: number,
): Promise<DrawRecord> {
  const dueAt = previousDrawAt(game, new Date(now));
  const due: DrawRecord = {
    gameId: game.id,
    issue: issueOf(game, dueAt),
    drawAt: dueAt.toISOString(),
    year: zonedParts(dueAt, game.timezone).year,
    status: 'drawing',
    numbers: [],
    source: 'manual',
  };
  if (issue !== undefined) {
    const found = await repos.draws.get(game.id, issue);
    if (found) return found;
    // Only the draw that is due may be started by name; others would be made-up history.
    if (issue === due.issue) return due;
    throw notFound('该期号不存在或尚未到开奖时间');
  }
  const open =
    (await repos.draws.newestWithStatus(game.id, 'drawing')) ??
    (await repos.draws.newestWithStatus(game.id, 'waiting'));
  if (open) return open;
  return (await repos.draws.get(game.id, due.issue)) ?? due;
}

/**
 * Stores one ball an operator entered (source `manual`), then publishes it. The write is
 * conditional on the balls read, so two operators racing cannot both become ball N.
 */
export async function enterBall(
  deps: { repos: Repositories; service: DrawService },
  gameId: number,
  input: { issue?: string; number: string | number },
): Promise<DrawSnapshot> {
  const { repos, service } = deps;
  const game = await service.game(gameId);
  if (!game) throw notFound('游戏不存在');
  const settings = await repos.drawSources.get(gameId);
  if (settings?.source !== 'manual') {
    throw invalid('该游戏不是手动开奖，请先把开奖来源设为 manual', 'source');
  }
  let ball: string;
  try {
    ball = toBall(input.number);
  } catch {
    throw invalid('号码必须是 01-49');
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const draw = await target(repos, game, input.issue, service.clock());
    if (draw.status === 'done') throw invalid(`第 ${draw.issue} 期已开奖完毕`, 'issue');
    if (Date.parse(draw.drawAt) > service.clock()) {
      throw invalid(`第 ${draw.issue} 期尚未到开奖时间`, 'issue');
    }
    if (draw.numbers.includes(ball)) throw invalid(`号码 ${ball} 本期已开出`);
    const numbers = [...draw.numbers, ball];
    const next = {
      ...draw,
      numbers,
      status: numbers.length >= 7 ? 'done' : 'drawing',
      source: 'manual',
    } as const;
    const stored =
      (await repos.draws.get(gameId, draw.issue)) === undefined
        ? await repos.draws.insert(next)
        : await repos.draws.advance(draw, draw.numbers, next);
    if (stored) {
      await service.changed(next);
      return service.snapshotOf(game, next);
    }
  }
  throw new AppError(400, 'REQ/INVALID', '该期号码刚被其他操作修改，请刷新后重试');
}

/**
 * An operator's correction of a finished draw: all seven numbers again, with the reason kept in
 * the audit log (results.ts). Conditional on the numbers read, like a ball; every visitor gets
 * the new result.
 */
export async function correctDraw(
  deps: { repos: Repositories; service: DrawService },
  gameId: number,
  issue: string,
  input: { numbers: readonly (string | number)[]; reason: string; writer: ResultWriter },
): Promise<{ before: DrawRecord; after: DrawSnapshot }> {
  const { numbers } = input;
  const { repos, service } = deps;
  const game = await service.game(gameId);
  if (!game) throw notFound('游戏不存在');
  const draw = await repos.draws.get(gameId, issue);
  if (!draw) throw notFound('该期号不存在');
  if (draw.status !== 'done') throw invalid('只能更正已开奖完毕的一期', 'issue');
  let balls: string[];
  try {
    balls = numbers.map((n) => toBall(n));
  } catch {
    throw invalid('号码必须是 01-49', 'numbers');
  }
  if (balls.length !== 7 || new Set(balls).size !== 7) {
    throw invalid('需要 7 个互不相同的号码（6 个正码和特码）', 'numbers');
  }
  if (balls.join(',') === draw.numbers.join(',')) throw invalid('号码与原结果相同', 'numbers');
  const next = { ...draw, numbers: balls, status: 'done' } as const;
  await storeResults(deps, gameId, [next], {
    change: 'correct',
    writer: input.writer,
    onExisting: 'update',
    reason: input.reason,
    expected: new Map([[issue, draw.numbers.join(',')]]),
  });
  await service.changed(next);
  return { before: draw, after: service.snapshotOf(game, next) };
}
