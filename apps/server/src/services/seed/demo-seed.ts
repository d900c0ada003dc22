import fs from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_KEYS } from '@kaijiang/domain';
import type { Repositories } from '../../repositories/index.ts';
import {
  DEMO_GAMES,
  DEMO_GROUPS,
  DEMO_NOTICES,
  DEMO_ONLINE_SERVICE_URL,
  demoCompany,
  demoImages,
} from './demo-content.ts';

const SITE_MARKER = 'seed.demo.site';
const companyMarker = (code: string) => `seed.demo.company.${code}`;

export interface SeedResult {
  site: boolean;
  company: boolean;
}

/**
 * Fills an empty installation once. A marker row (not "is the table empty?") decides, so an
 * operator who deletes every demo notice does not get them back on the next restart.
 */
export async function seedDemo(
  repos: Repositories,
  opts: { companyCode: string; uploadsDir: string },
): Promise<SeedResult> {
  const result: SeedResult = { site: false, company: false };

  if (!(await repos.meta.get(SITE_MARKER)) && (await repos.games.count()) === 0) {
    for (const game of DEMO_GAMES) await repos.games.upsert(game);
    await repos.games.replaceGroups(DEMO_GROUPS);
    await repos.config.set(CONFIG_KEYS.homeLotterySetting, DEMO_GAMES.map((g) => g.id).join(','));
    await repos.config.set(CONFIG_KEYS.onlineServiceUrl, DEMO_ONLINE_SERVICE_URL);
    result.site = true;
  }
  await repos.meta.getOrInsert(SITE_MARKER, new Date().toISOString());

  const code = opts.companyCode;
  if (!(await repos.meta.get(companyMarker(code))) && !(await repos.company.get(code))) {
    await repos.company.upsert(demoCompany(code));
    for (const [sort, content] of DEMO_NOTICES.entries()) {
      await repos.notices.create({ companyCode: code, content, sort });
    }
    result.company = true;
  }
  await repos.meta.getOrInsert(companyMarker(code), new Date().toISOString());

  await writeMissingImages(opts.uploadsDir);
  return result;
}

async function writeMissingImages(uploadsDir: string): Promise<void> {
  for (const [rel, svg] of Object.entries(demoImages())) {
    const file = path.join(uploadsDir, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // 'wx' keeps an image an operator replaced.
    await fs.writeFile(file, svg, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
  }
}
