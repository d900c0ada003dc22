import {
  addDays,
  dateKey,
  describeSchedule,
  drawsBetween,
  drawsOnDate,
  nextDrawAt,
  parseDateKey,
  previousDrawAt,
  regularDrawOf,
  zonedParts,
  zonedTimeToUtc,
  type CalendarChange,
  type CalendarChangeInput,
  type EarlierDays,
} from '@kaijiang/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { DrawService, ScheduledGame } from './service.ts';

/** Exceptions one game may hold: years of race days and typhoons, not a flood. */
export const CALENDAR_CHANGES_MAX = 400;
/** How far a draw may be moved from its day. */
const MOVE_DAYS_MAX = 7;

interface Deps {
  repos: Repositories;
  service: Pick<DrawService, 'game' | 'clock'>;
}

const invalid = (msg: string, fields: Record<string, string>) =>
  new AppError(400, 'REQ/INVALID', msg, fields);

async function scheduledGame(deps: Deps, gameId: number): Promise<ScheduledGame> {
  const game = await deps.service.game(gameId);
  if (!game) throw notFound('游戏不存在');
  if (game.intervalMinutes) {
    throw invalid('该彩种每几分钟开奖一次，没有开奖日历', { gameId: '仅限按日开奖的彩种' });
  }
  return game;
}

/** A real day (the pattern lets 2026-02-30 through). */
function checkDate(date: string): void {
  const c = parseDateKey(date);
  if (dateKey(addDays(c, 0)) !== date) throw invalid('日期无效', { date: '没有这一天' });
}

/**
 * From when the calendar may still change: after now and after the newest draw stored (an
 * issue already drawn keeps its number, so nothing before it may move).
 */
async function firstChangeable(deps: Deps, game: ScheduledGame): Promise<number> {
  const newest = await deps.repos.draws.newest(game.id);
  return Math.max(deps.service.clock(), newest ? Date.parse(newest.drawAt) : 0);
}

const localDay = (game: ScheduledGame, at: Date) => dateKey(zonedParts(at, game.timezone));

/** The instant the game's regular schedule draws on `date`. */
const regularAt = (game: ScheduledGame, date: string): Date =>
  regularDrawOf(game, parseDateKey(date));

function drawsOfDay(game: ScheduledGame, date: string): Date[] {
  const start = zonedTimeToUtc(parseDateKey(date), 0, 0, game.timezone);
  const end = zonedTimeToUtc(addDays(parseDateKey(date), 1), 0, 0, game.timezone);
  return drawsBetween(game, start, end);
}

/**
 * Sets the exception of a game's day after checking that the calendar it leaves holds
 * together: only days still to come, a moved or skipped day must be a draw day, a draw is
 * moved at most a week and stays in its year, an added draw falls on its day, and no day ends
 * up with two draws.
 */
export async function putCalendarChange(
  deps: Deps,
  gameId: number,
  date: string,
  input: CalendarChangeInput,
): Promise<CalendarChange> {
  const game = await scheduledGame(deps, gameId);
  checkDate(date);
  const from = await firstChangeable(deps, game);
  const change: CalendarChange = { date, ...input };
  const others = (game.changes ?? []).filter((c) => c.date !== date);
  if (others.length >= CALENDAR_CHANGES_MAX) {
    throw invalid('例外日期过多', { date: `每个彩种最多 ${CALENDAR_CHANGES_MAX} 个` });
  }
  const existing = game.changes?.find((c) => c.date === date);
  if (existing) checkStillOpen(game, existing, from);

  if (input.kind === 'skipped' && input.drawAt !== null) {
    throw invalid('停开的日子没有开奖时间', { drawAt: '应为 null' });
  }
  if (input.kind !== 'skipped' && input.drawAt === null) {
    throw invalid('需要开奖时间', { drawAt: '改期或加开时必填' });
  }
  const at = input.drawAt === null ? null : new Date(input.drawAt);
  if (input.kind === 'added') {
    if (localDay(game, at!) !== date) throw invalid('加开时间不在该日', { drawAt: `应在 ${date}` });
  } else {
    if (!drawsOnDate(game, date)) throw invalid('该日不是开奖日', { date: '只能改期或停开开奖日' });
    if (regularAt(game, date).getTime() <= from) {
      throw invalid('该期已开奖或正在开奖，不能更改', { date: '只能更改之后的开奖日' });
    }
  }
  if (at) {
    if (at.getTime() <= from) throw invalid('开奖时间已过', { drawAt: '应在之后' });
    const shift = Math.abs(at.getTime() - regularAt(game, date).getTime());
    if (input.kind === 'moved' && shift > MOVE_DAYS_MAX * 86_400_000) {
      throw invalid('改期不能超过 7 天', { drawAt: `应在 ${date} 前后 7 天内` });
    }
    if (zonedParts(at, game.timezone).year !== parseDateKey(date).year) {
      throw invalid('改期不能跨年', { drawAt: '应与原开奖日同一年' });
    }
  }

  // The calendar as it would be: every day keeps at most one draw, and draws keep coming.
  const after: ScheduledGame = { ...game, changes: [...others, change] };
  if (at && drawsOfDay(after, localDay(game, at)).length > 1) {
    throw invalid('该日已有开奖', { drawAt: '每天最多开奖一次' });
  }
  try {
    nextDrawAt(after, new Date(from));
    previousDrawAt(after, new Date(from));
  } catch {
    throw invalid('连续停开的天数过多', { date: '最长停开 45 天' });
  }
  await deps.repos.calendar.put(game.id, change, new Date(deps.service.clock()).toISOString());
  return change;
}

function checkStillOpen(game: ScheduledGame, change: CalendarChange, from: number): void {
  const times = [
    change.kind === 'added' ? null : regularAt(game, change.date).getTime(),
    change.drawAt ? Date.parse(change.drawAt) : null,
  ];
  if (times.some((t) => t !== null && t <= from)) {
    throw invalid('该例外涉及已开奖的日子，不能再改', { date: '只能更改之后的开奖日' });
  }
}

/** Removes a day's exception; the day goes back to the regular schedule. */
export async function removeCalendarChange(
  deps: Deps,
  gameId: number,
  date: string,
): Promise<void> {
  const game = await scheduledGame(deps, gameId);
  checkDate(date);
  const existing = game.changes?.find((c) => c.date === date);
  if (!existing) throw notFound('该日没有例外');
  checkStillOpen(game, existing, await firstChangeable(deps, game));
  const after: ScheduledGame = { ...game, changes: game.changes!.filter((c) => c !== existing) };
  // Back on the regular schedule, the day must not collide with a draw moved onto it.
  if (existing.kind !== 'added' && drawsOfDay(after, date).length > 1) {
    throw invalid('该日已有改期过来的开奖', { date: '先撤销那次改期' });
  }
  await deps.repos.calendar.remove(game.id, date);
}

/** A game's exceptions, for operators. */
export async function calendarChanges(deps: Deps, gameId: number): Promise<CalendarChange[]> {
  const game = await scheduledGame(deps, gameId);
  return [...(game.changes ?? [])];
}

/** How far ahead a change of draw days may be set. */
const DAYS_CHANGE_AHEAD = 366;

export interface DrawDaysChange {
  drawDays: number[];
  /** The first day of the new pattern; null when the change only cancelled a pending one. */
  from: string | null;
  schedule: string;
  earlierDays: EarlierDays[];
}

const sameDays = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/**
 * Changes a daily or weekly game's draw days from a day still to come. The draws up to the next
 * one (already announced, with its issue) keep their days and numbers; from `from` on the game
 * draws on `drawDays` and its issues count on from there. A change not yet in force is replaced
 * (setting the days in force cancels it). Calendar exceptions after the next draw must still fit
 * (a moved or skipped day stays a draw day, an added draw stays off the regular days).
 */
export async function changeDrawDays(
  deps: Deps,
  gameId: number,
  input: { drawDays: number[]; from: string },
): Promise<DrawDaysChange> {
  const game = await scheduledGame(deps, gameId);
  checkDate(input.from);
  const now = new Date(deps.service.clock());
  const days = [...new Set(input.drawDays)].sort((a, b) => a - b);
  const wanted = days.length === 7 ? [] : days;
  // The next draw is announced with its issue; a draw stored later than it (imported) is fixed
  // too. Days after both may change.
  const newest = await deps.repos.draws.newest(game.id);
  const next = nextDrawAt(game, now).getTime();
  const nextDay = localDay(game, new Date(Math.max(next, newest ? Date.parse(newest.drawAt) : 0)));
  const last = dateKey(addDays(parseDateKey(localDay(game, now)), DAYS_CHANGE_AHEAD));
  if (input.from <= nextDay) {
    throw invalid('只能从下一期之后的日子开始改', { from: `应晚于 ${nextDay}` });
  }
  if (input.from > last) throw invalid('太远了', { from: `最晚 ${last}` });

  const earlier = [...(game.earlierDays ?? [])];
  const fixed = earlier.filter((e) => e.until <= nextDay);
  const pending = earlier.filter((e) => e.until > nextDay);
  const inForce = pending[0]?.days ?? game.drawDays;
  const cancel = sameDays(
    wanted,
    [...inForce].sort((a, b) => a - b),
  );
  const after: ScheduledGame = {
    ...game,
    drawDays: cancel ? [...inForce] : wanted,
    earlierDays: cancel ? fixed : [...fixed, { until: input.from, days: [...inForce] }],
  };
  for (const c of game.changes ?? []) {
    if (c.date <= nextDay) continue;
    const regular = drawsOnDate(after, c.date);
    if (c.kind !== 'added' && !regular) {
      throw invalid(`${c.date} 有改期或停开，但按新的开奖日那天不开奖`, {
        from: `先撤销 ${c.date} 的例外`,
      });
    }
    if (c.kind === 'added' && regular) {
      throw invalid(`${c.date} 有加开，但按新的开奖日那天本就开奖`, {
        from: `先撤销 ${c.date} 的加开`,
      });
    }
  }
  // The next draw, announced with its issue, stays where it was.
  if (nextDrawAt(after, now).getTime() !== nextDrawAt(game, now).getTime()) {
    throw invalid('会改变下一期的开奖时间', { from: `应晚于 ${nextDay}` });
  }
  const schedule = cancel
    ? describeSchedule(after)
    : `${describeSchedule(after)}（${input.from} 起）`;
  await deps.repos.calendar.setDrawDays(game.id, {
    drawDays: [...after.drawDays],
    earlier: [...after.earlierDays!],
    schedule,
    at: now.toISOString(),
  });
  return {
    drawDays: [...after.drawDays],
    from: cancel ? null : input.from,
    schedule,
    earlierDays: [...after.earlierDays!],
  };
}
