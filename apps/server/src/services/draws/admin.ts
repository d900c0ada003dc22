// What the draw role's operators change (routes/draws-admin/): the service those routes call, so
// that they reach the repositories only through it (docs/architecture.md §2). Each call is one
// of the feature's modules with its repositories and draw service bound; the checks that guard
// a game's schedule and stream are here too.
import { describeSchedule, type Game, type PrizeInput } from '@kaijiang/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import {
  calendarChanges,
  changeDrawDays,
  putCalendarChange,
  removeCalendarChange,
} from './calendar.ts';
import { settleDispute } from './disputes.ts';
import { applySources, type SourcesInput } from './feed-settings.ts';
import { feedOverview, testFeed } from './feeds/feed-overview.ts';
import { applyHistory } from './history/apply.ts';
import type { HistoryDraw } from './history/formats.ts';
import { correctDraw, enterBall } from './manual.ts';
import { enterPrizes } from './prize-record.ts';
import type { ResultWriter } from './results.ts';
import type { DrawService } from './service.ts';

export interface DrawsAdminDeps {
  repos: Repositories;
  service: DrawService;
}

const drawing = (msg: string, field: string) =>
  new AppError(400, 'REQ/INVALID', msg, { [field]: '开奖进行中' });

export function createDrawsAdmin(deps: DrawsAdminDeps) {
  const { repos, service } = deps;

  return {
    enterBall: (gameId: number, input: Parameters<typeof enterBall>[2]) =>
      enterBall(deps, gameId, input),
    correctDraw: (gameId: number, issue: string, input: Parameters<typeof correctDraw>[3]) =>
      correctDraw(deps, gameId, issue, input),
    settleDispute: (
      gameId: number,
      issue: string,
      numbers: readonly (string | number)[],
      writer: ResultWriter,
    ) => settleDispute(deps, gameId, issue, numbers, writer),
    enterPrizes: (gameId: number, issue: string, input: PrizeInput) =>
      enterPrizes(deps, gameId, issue, input, new Date(service.clock()).toISOString()),

    /** A game's source settings; undefined for an unknown game. */
    sourceSettings: (gameId: number) => repos.drawSources.get(gameId),
    applySources: (gameId: number, input: SourcesInput) => applySources(deps, gameId, input),
    feedOverview: (gameId: number) => feedOverview(deps, gameId),
    testFeed: (gameId: number, entry: Parameters<typeof testFeed>[2]) =>
      testFeed(deps, gameId, entry),

    calendarChanges: (gameId: number) => calendarChanges(deps, gameId),
    putCalendarChange: (
      gameId: number,
      date: string,
      input: Parameters<typeof putCalendarChange>[3],
    ) => putCalendarChange(deps, gameId, date, input),
    removeCalendarChange: (gameId: number, date: string) =>
      removeCalendarChange(deps, gameId, date),

    /**
     * A daily or weekly game's draw time, with the schedule's wording; refused while a draw is
     * under way. `before` is what the audit entry keeps.
     */
    async setDrawTime(gameId: number, drawTime: string) {
      const game = await repos.games.get(gameId);
      if (!game) throw notFound('游戏不存在');
      if (game.intervalMinutes) {
        throw new AppError(400, 'REQ/INVALID', '按分钟开奖的彩种没有每日开奖时间', {
          drawTime: '该彩种不适用',
        });
      }
      if (await repos.draws.newestWithStatus(gameId, 'drawing')) {
        throw drawing('开奖进行中，请在本期开完后再改时间', 'drawTime');
      }
      const before = { drawTime: game.drawTime, schedule: game.schedule };
      // The wording keeps its own phrasing when it names the old time ("每天 21:32 开奖").
      const schedule = game.schedule.includes(game.drawTime)
        ? game.schedule.replace(game.drawTime, drawTime)
        : describeSchedule({ ...game, drawTime });
      await repos.games.setDrawTime(gameId, drawTime, schedule);
      return { before, drawTime, schedule };
    },

    /** A game's draw days from a day still to come (calendar.ts); refused while a draw is under way. */
    async changeDrawDays(gameId: number, input: { drawDays: number[]; from: string }) {
      const game = await service.game(gameId);
      if (!game) throw notFound('游戏不存在');
      if (await repos.draws.newestWithStatus(gameId, 'drawing')) {
        throw drawing('开奖进行中，请在本期开完后再改', 'from');
      }
      const before = {
        drawDays: game.drawDays,
        earlierDays: game.earlierDays ?? [],
        schedule: game.schedule,
      };
      return { before, changed: await changeDrawDays(deps, gameId, input) };
    },

    /** A game's live stream URL, '' for none; `before` is what the audit entry keeps. */
    async setStreamUrl(gameId: number, streamUrl: string) {
      const game = await repos.games.get(gameId);
      if (!game) throw notFound('游戏不存在');
      const before = { streamUrl: game.streamUrl ?? '' };
      await repos.games.setStreamUrl(game.id, streamUrl || null);
      return { before };
    },

    /**
     * Stores a checked history (history/apply.ts); when it changed draws or prizes, the cached
     * pages of the game are built again.
     */
    async importHistory(
      game: Game,
      draws: readonly HistoryDraw[],
      opts: { replace: boolean; writer: ResultWriter },
    ) {
      const outcome = await applyHistory(repos, game, draws, {
        ...opts,
        now: new Date(service.clock()).toISOString(),
      });
      if (outcome.added + outcome.replaced > 0 || outcome.prizes > 0) {
        service.invalidate(game.id);
        service.prizesChanged(game.id);
      }
      return outcome;
    },
  };
}

export type DrawsAdmin = ReturnType<typeof createDrawsAdmin>;
