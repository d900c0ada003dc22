import fs from 'node:fs/promises';
import path from 'node:path';
import type { Repositories } from '../../repositories/index.ts';
import type { ContentService } from '../content/service.ts';
import { newsCoverPng } from './demo-images.ts';
import {
  CATEGORY_COVER_COLOURS,
  DEMO_ARTICLES,
  DEMO_FAQS,
  DEMO_TEAM_CONDITIONS,
} from './demo-news.ts';

const MARKER = 'seed.demo.content';
const DAY_MS = 86_400_000;

export interface ContentSeedResult {
  news: number;
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

/**
 * Demo news, FAQ and partner table for an empty installation, once (a marker row
 * decides, as for the rest of the demo). Images are written every start if missing, so a data
 * directory that lost its uploads heals.
 */
export async function seedContent(
  repos: Repositories,
  content: ContentService,
  opts: { uploadsDir: string; now?: Date },
): Promise<ContentSeedResult> {
  const now = opts.now ?? new Date();
  const result: ContentSeedResult = { news: 0 };

  for (const [i, a] of DEMO_ARTICLES.entries()) {
    const [from, to] = CATEGORY_COVER_COLOURS[a.category];
    await writeFile(opts.uploadsDir, `demo/news/${i + 1}.png`, () =>
      newsCoverPng(from, to, a.balls),
    );
  }
  if (await repos.meta.get(MARKER)) return result;
  await repos.meta.getOrInsert(MARKER, now.toISOString());
  // An installation with content of its own is not empty, old gallery entries included.
  if ((await repos.news.count()) > 0 || (await repos.oldGalleries.count()) > 0) return result;

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
  if ((await repos.faqs.list({ includeHidden: true })).length === 0) {
    for (const [sort, f] of DEMO_FAQS.entries()) await content.createFaq({ ...f, sort });
  }
  if ((await repos.teamConditions.list()).length === 0) {
    await content.replaceTeamConditions(DEMO_TEAM_CONDITIONS);
  }
  return result;
}
