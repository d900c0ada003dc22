import fs from 'node:fs/promises';
import path from 'node:path';
import { issueOf, lunarYearOf, previousDrawAt } from '@kaijiang/domain';
import type { Game } from '@kaijiang/domain';
import type { Repositories } from '../../repositories/index.ts';
import type { ContentService } from '../content/service.ts';
import { galleryFullSvg, galleryThumbSvg, newsCoverPng } from './demo-images.ts';
import {
  CATEGORY_COVER_COLOURS,
  DEMO_ARTICLES,
  DEMO_FAQS,
  DEMO_TEAM_CONDITIONS,
} from './demo-news.ts';

const MARKER = 'seed.demo.content';
const DAY_MS = 86_400_000;
const GALLERY_ISSUES = 8;
const ACCENTS = ['#c8102e', '#1d4ed8', '#2f7d32', '#b45309'];

export interface ContentSeedResult {
  news: number;
  galleries: number;
}

/**
 * Writes a demo image unless the file is there: an image an operator replaced is kept, and one
 * already drawn is not drawn again (drawing runs on the event loop at start-up). Yields after
 * drawing, so the draws and requests of a starting server do not wait for all the pictures.
 */
async function writeFile(
  uploadsDir: string,
  rel: string,
  draw: () => string | Buffer,
): Promise<void> {
  const file = path.join(uploadsDir, rel);
  if (
    await fs.stat(file).then(
      (st) => st.isFile(),
      () => false,
    )
  )
    return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const body = draw();
  await fs.writeFile(file, body, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EEXIST') throw e;
  });
  await new Promise((resolve) => setImmediate(resolve));
}

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

/** The further pictures of each demo issue's set, after its 资料图. */
const SET_SHEETS = ['生肖图', '波色图'];

/**
 * Demo news, galleries, FAQ and partner table for an empty installation, once (a marker row
 * decides, as for the rest of the demo). Images are written every start if missing, so a data
 * directory that lost its uploads heals.
 */
export async function seedContent(
  repos: Repositories,
  content: ContentService,
  opts: { uploadsDir: string; now?: Date },
): Promise<ContentSeedResult> {
  const now = opts.now ?? new Date();
  const result: ContentSeedResult = { news: 0, galleries: 0 };
  const games = await repos.games.list();

  for (const [i, a] of DEMO_ARTICLES.entries()) {
    const [from, to] = CATEGORY_COVER_COLOURS[a.category];
    await writeFile(opts.uploadsDir, `demo/news/${i + 1}.png`, () =>
      newsCoverPng(from, to, a.balls),
    );
  }
  const art = games.flatMap((game, g) =>
    recentDraws(game, now, GALLERY_ISSUES).map((at) => {
      const issue = issueOf(game, at);
      const spec = {
        gameName: game.name,
        issue,
        lunarYear: lunarYearOf(at),
        accent: ACCENTS[g % ACCENTS.length]!,
      };
      return { game, issue, at, spec };
    }),
  );
  for (const { game, issue, spec } of art) {
    await writeFile(opts.uploadsDir, `demo/gallery/${game.id}/${issue}.svg`, () =>
      galleryFullSvg(spec),
    );
    await writeFile(opts.uploadsDir, `demo/gallery/${game.id}/${issue}-thumb.svg`, () =>
      galleryThumbSvg(spec),
    );
    for (const [k, sheet] of SET_SHEETS.entries()) {
      await writeFile(opts.uploadsDir, `demo/gallery/${game.id}/${issue}-${k + 2}.svg`, () =>
        galleryFullSvg({ ...spec, sheet }),
      );
      await writeFile(opts.uploadsDir, `demo/gallery/${game.id}/${issue}-${k + 2}-thumb.svg`, () =>
        galleryThumbSvg({ ...spec, sheet }),
      );
    }
  }

  if (await repos.meta.get(MARKER)) return result;
  await repos.meta.getOrInsert(MARKER, now.toISOString());
  if ((await repos.news.count()) > 0 || (await repos.galleries.count()) > 0) return result;

  // Oldest first, so ids grow with publication time as they would have in real use.
  const articles = [...DEMO_ARTICLES.entries()].sort(([, a], [, b]) => b.daysAgo - a.daysAgo);
  for (const [i, a] of articles) {
    const published = new Date(now.getTime() - a.daysAgo * DAY_MS - (i + 1) * 37 * 60_000);
    await content.createNews({
      title: a.title,
      cover: `demo/news/${i + 1}.png`,
      category: a.category,
      body: a.body,
      publishedAt: published.toISOString(),
      views: a.views,
    });
    result.news++;
  }
  // Per game, oldest issue first: ids then run in issue order within each game.
  const byGame = games.flatMap((game) => art.filter((a) => a.game === game).reverse());
  for (const { game, issue, at } of byGame) {
    const base = `demo/gallery/${game.id}/${issue}`;
    await content.createGallery({
      gameId: game.id,
      issue,
      title: `${game.shortName || game.name} 第 ${issue} 期资料图`,
      pictures: [
        { thumb: `${base}-thumb.svg`, image: `${base}.svg`, caption: '资料图' },
        ...SET_SHEETS.map((sheet, k) => ({
          thumb: `${base}-${k + 2}-thumb.svg`,
          image: `${base}-${k + 2}.svg`,
          caption: sheet,
        })),
      ],
      publishedAt: at.toISOString(),
    });
    result.galleries++;
  }
  if ((await repos.faqs.list({ includeHidden: true })).length === 0) {
    for (const [sort, f] of DEMO_FAQS.entries()) await content.createFaq({ ...f, sort });
  }
  if ((await repos.teamConditions.list()).length === 0) {
    await content.replaceTeamConditions(DEMO_TEAM_CONDITIONS);
  }
  return result;
}
