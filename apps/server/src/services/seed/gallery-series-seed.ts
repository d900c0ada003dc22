// The demo picture library (docs/architecture.md §14): a dozen named series per game over its
// recent issues, some skipping issues, with sheets the server draws (gallery-series-art.ts).
// Rows only: the pictures are drawn when asked for, so a first start stays fast.
import { issueOf, previousDrawAt, type Game } from '@kaijiang/domain';
import { initialsOf } from '../gallery/cards.ts';
import type { Repositories } from '../../repositories/index.ts';
import { demoPath, DEMO_SERIES } from './gallery-series-art.ts';

const MARKER = 'seed.demo.gallery-series';
/** Issues per demo series (before its skips). */
export const DEMO_ISSUES = 20;

/** The last `count` draw instants of a game; interval games get one per hour, not per slot. */
function recentDraws(game: Game, now: Date, count: number): Date[] {
  const out: Date[] = [];
  let at = now;
  const step = game.intervalMinutes ? 60 * 60_000 : 1;
  while (out.length < count) {
    const d = previousDrawAt(game, at);
    out.push(d);
    at = new Date(d.getTime() - step);
  }
  return out;
}

/** Seeds once (a marker row decides): what an operator deletes stays deleted. */
export async function seedGallerySeries(repos: Repositories, now = new Date()): Promise<number> {
  if (await repos.meta.get(MARKER)) return 0;
  await repos.meta.getOrInsert(MARKER, now.toISOString());
  let made = 0;
  for (const game of await repos.games.list()) {
    const draws = recentDraws(game, now, DEMO_ISSUES);
    const existing = await repos.gallerySeries.names(game.id);
    const list = DEMO_SERIES.flatMap((spec, k) => {
      if (existing.has(spec.name)) return [];
      const variants = spec.modes === 'both' ? (['colour', 'mono'] as const) : [spec.modes];
      const issues = draws
        .filter((_at, i) => !spec.skip || i % spec.skip !== spec.skip - 1)
        .map((at) => {
          const issue = issueOf(game, at);
          return {
            issue,
            year: Number(issue.slice(0, 4)),
            publishedAt: at.toISOString(),
            pictures: variants.map((variant) => ({
              variant,
              position: 0,
              caption: '',
              image: {
                thumb: demoPath(game.id, k, `${issue}-${variant}-thumb.svg`),
                phone: demoPath(game.id, k, `${issue}-${variant}.svg`),
                desktop: demoPath(game.id, k, `${issue}-${variant}.svg`),
                width: 720,
                height: 960,
              },
            })),
          };
        });
      return [
        {
          fields: {
            gameId: game.id,
            name: spec.name,
            initials: initialsOf(spec.name),
            modes: spec.modes,
            position: k,
            hidden: false,
            coverIssue: null,
          },
          // Views so that "most viewed first" has an order to show; likes stay true counts (none).
          views: ((k * 7919) % 23) * 137 + 40,
          now: now.toISOString(),
          issues,
        },
      ];
    });
    await repos.gallerySeries.seedSeries(list);
    made += list.length;
  }
  return made;
}
