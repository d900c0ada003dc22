import { ZODIAC_ZH, zodiacOf } from '@kaijiang/domain';
import type { FeedDraw } from './feed-types.ts';
import { lunarYearAt } from '../detail.ts';

const logged = new Set<string>();

/**
 * A feed's own zodiac names, checked against ours: we always show ours, and a difference is
 * logged once per draw and source (a feed on another lunar-year rule, or a wrong feed).
 */
export function checkAttributes(
  log: { warn(obj: object, msg: string): void },
  gameId: number,
  obs: readonly { position: number; kind: string; draw: FeedDraw }[],
): void {
  for (const o of obs) {
    const theirs = o.draw.zodiacs;
    if (!theirs) continue;
    const key = `${gameId}:${o.position}:${o.draw.issue}:${o.draw.numbers.length}`;
    if (logged.has(key)) continue;
    const year = lunarYearAt(o.draw.drawAt);
    const ours = o.draw.numbers.map((n) => ZODIAC_ZH[zodiacOf(n, year)]);
    const differ = ours.flatMap((z, i) =>
      theirs[i] !== undefined && theirs[i] !== z
        ? [{ ball: o.draw.numbers[i], ours: z, theirs: theirs[i] }]
        : [],
    );
    if (logged.size > 1024) logged.clear();
    logged.add(key);
    if (differ.length > 0)
      log.warn(
        { gameId, feed: o.kind, issue: o.draw.issue, differ },
        "a feed's zodiac differs from ours",
      );
  }
}
