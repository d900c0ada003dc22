import { isBall, zonedTimeToUtc, type Game } from '@kaijiang/domain';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { FeedError, fetchJson } from './feed-http.ts';
import {
  FEED_MAX_BYTES,
  FEED_MAX_ITEMS,
  FEED_TIMEOUT_MS,
  type FeedClient,
  type FeedDraw,
} from './feed-types.ts';

const Item = Type.Object({
  expect: Type.String({ pattern: '^[0-9]{4,16}$' }),
  openTime: Type.String({
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}',
    maxLength: 40,
  }),
  openCode: Type.String({ maxLength: 40 }),
  wave: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  zodiac: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
type MacauItem = Static<typeof Item>;
const checkLatest = Compile(Type.Array(Item, { maxItems: FEED_MAX_ITEMS }));
const checkEnvelope = Compile(
  Type.Object({ code: Type.Literal(200), data: Type.Array(Item, { maxItems: FEED_MAX_ITEMS }) }),
);

/** Zodiac names as feeds write them, Traditional or Simplified, to ours (Simplified). */
const ZODIAC_SIMPLIFIED: Readonly<Record<string, string>> = {
  龍: '龙',
  馬: '马',
  雞: '鸡',
  豬: '猪',
};
export const simplifiedZodiac = (z: string): string => ZODIAC_SIMPLIFIED[z] ?? z;

/**
 * `openCode` is the seven numbers in draw order; during the draw only those revealed so far
 * ("05,12" or "05,12,,,,,"). Anything else (a gap, a repeat, a number out of range) is refused.
 */
export function parseOpenCode(code: string): string[] {
  const parts = code.split(',').map((s) => s.trim());
  while (parts.length > 0 && parts.at(-1) === '') parts.pop();
  if (parts.length > 7) throw new FeedError('more than seven numbers');
  const balls = parts.map((p) => (/^\d{1,2}$/.test(p) ? p.padStart(2, '0') : ''));
  if (!balls.every(isBall)) throw new FeedError('an openCode we cannot read');
  if (new Set(balls).size !== balls.length) throw new FeedError('a ball twice in one draw');
  return balls;
}

function toFeedDraw(x: MacauItem, game: Game): FeedDraw {
  const numbers = parseOpenCode(x.openCode);
  const [date, time] = [x.openTime.slice(0, 10), x.openTime.slice(11, 16)];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [h, m] = time.split(':').map(Number) as [number, number];
  const at = zonedTimeToUtc({ year, month, day }, h, m, game.timezone);
  if (Number.isNaN(at.getTime())) throw new FeedError('an openTime we cannot read');
  const zodiacs = x.zodiac
    ? x.zodiac
        .split(',')
        .map((z) => simplifiedZodiac(z.trim()))
        .filter((z) => z !== '')
    : undefined;
  return {
    issue: x.expect,
    drawAt: at.toISOString(),
    numbers,
    complete: numbers.length === 7,
    ordered: true,
    ...(zodiacs && zodiacs.length > 0 && { zodiacs }),
  };
}

/** The common Macau JSON feed: latest, a year, one draw (`remote` is e.g. `macaujc2`). */
export function createMacaujcClient(
  url: string,
  remote: string,
  game: Game,
  timeoutMs = FEED_TIMEOUT_MS,
): FeedClient {
  const base = url.replace(/\/+$/, '');
  const name = encodeURIComponent(remote);
  const get = (path: string) =>
    fetchJson({ url: `${base}${path}`, timeoutMs, maxBytes: FEED_MAX_BYTES });
  async function year(y: number): Promise<FeedDraw[]> {
    const body = await get(`/history/${name}/y/${y}`);
    if (!checkEnvelope.Check(body)) throw new FeedError('an answer of another shape');
    return body.data.map((x) => toFeedDraw(x, game));
  }
  return {
    kind: 'macaujc',
    async latest() {
      const body = await get(`/api/${name}.com`);
      if (!checkLatest.Check(body)) throw new FeedError('an answer of another shape');
      const draws = body.map((x) => toFeedDraw(x, game));
      return { draws: draws.sort((a, b) => b.issue.localeCompare(a.issue)) };
    },
    async since(from, until, max) {
      const out: FeedDraw[] = [];
      const first = from.getUTCFullYear();
      for (let y = first; y <= until.getUTCFullYear() && out.length < max; y++) {
        for (const d of await year(y)) {
          const t = Date.parse(d.drawAt);
          if (d.complete && t >= from.getTime() && t <= until.getTime()) out.push(d);
        }
      }
      return out.sort((a, b) => a.issue.localeCompare(b.issue)).slice(0, max);
    },
  };
}
