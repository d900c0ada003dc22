// Our draws in the shapes of the feeds webmasters' pages already read, so that switching to us
// is a change of address: the common Macau feed (latest list, a year, one draw) and opencai's
// `{ rows, code, data }`. Attributes (wave, zodiac) are ours, in the draw's lunar year.
import { ballInfo, zonedParts, type Game } from '@kaijiang/domain';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { lunarYearAt } from './detail.ts';

export interface MacauItem {
  expect: string;
  openTime: string;
  openCode: string;
  wave: string;
  zodiac: string;
  type: number;
  info: string;
}

export interface OpencaiItem {
  expect: string;
  opencode: string;
  opentime: string;
  opentimestamp: number;
}

/** What a feed shows of a draw, stored or under way. */
// A shown draw may also be `delayed` or `disputed` (live snapshots): no stored status of its own.
export type Shown = Pick<DrawRecord, 'issue' | 'drawAt' | 'numbers'> & { status: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** The draw time as those feeds write it: local time of the game, `YYYY-MM-DD HH:mm:ss`. */
export function localTime(drawAt: string, game: Game): string {
  const p = zonedParts(new Date(drawAt), game.timezone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A draw as the Macau feed gives it; a draw under way carries the balls out so far. */
export function macauItem(d: Shown, game: Game): MacauItem {
  const year = lunarYearAt(d.drawAt);
  const balls = d.numbers.map((n) => ballInfo(n, year));
  return {
    expect: d.issue,
    openTime: localTime(d.drawAt, game),
    openCode: d.numbers.join(','),
    wave: balls.map((b) => b.colour).join(','),
    zodiac: balls.map((b) => b.zodiacZh).join(','),
    type: game.id,
    info: d.status === 'done' ? '' : '开奖中',
  };
}

/** opencai's shape: six numbers, then `+` and the special. */
export function opencaiItem(d: Shown, game: Game): OpencaiItem {
  const six = d.numbers.slice(0, 6).join(',');
  const special = d.numbers[6];
  return {
    expect: d.issue,
    opencode: special ? `${six}+${special}` : six,
    opentime: localTime(d.drawAt, game),
    opentimestamp: Math.floor(Date.parse(d.drawAt) / 1000),
  };
}

/** The stored draws the compatible calls read besides the draw service's (routes/compat/). */
export function createCompatReads(repos: Repositories) {
  return {
    /** A year's finished draws, newest first, at most `limit`. */
    year: (gameId: number, year: number, limit: number) =>
      repos.draws.pageDone(gameId, { year, limit }),
    /** One stored draw by its issue, whatever its status. */
    draw: (gameId: number, issue: string) => repos.draws.get(gameId, issue),
  };
}

export type CompatReads = ReturnType<typeof createCompatReads>;
