// A site with a long history, made before its server starts: the demo generator's own draws
// (services/draws/demo-history.ts) for every game over `days`, and a lobby with a long chat history.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOBBY_ROOM } from '@kaijiang/domain';
import pino from 'pino';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { seedDemoHistory } from '../../src/services/draws/demo-history.ts';
import { createChangeFeed } from '../../src/lib/change-feed.ts';
import { createRepositories } from '../../src/repositories/index.ts';
import { seedDemo } from '../../src/services/seed/demo-seed.ts';
import type { Site } from '../harness.ts';

/** Built by `npm run build` (`npm test` builds it before the fault stage runs). */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

export async function createHistorySite(days: number, chatMessages = 3_000): Promise<Site> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-hammer-'));
  const database = { kind: 'sqlite' as const, file: path.join(dataDir, 'kaijiang.sqlite') };
  const db = openDatabase(database);
  try {
    await migrateToLatest(db.db, db.dialect);
    const repos = createRepositories(db.db, createChangeFeed());
    await seedDemo(repos, { companyCode: 'kj', uploadsDir: path.join(dataDir, 'uploads') });
    const history = await seedDemoHistory({
      repos,
      games: await repos.games.list(),
      log: pino({ level: 'silent' }),
      now: Date.now(),
      days,
      syncDays: days,
    });
    await history.runBackground(() => false);
    const at = Date.now() - chatMessages * 1_000;
    for (let i = 0; i < chatMessages; i++) {
      await repos.chat.addMessage({
        room: LOBBY_ROOM,
        memberId: null,
        nickname: '开奖播报',
        avatar: '',
        role: 'system',
        text: `第 ${i} 条消息：今天的号码是 07、18、29`,
        image: null,
        at: new Date(at + i * 1_000).toISOString(),
      });
    }
  } finally {
    await db.close();
  }
  return {
    dataDir,
    database,
    env: {},
    cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}
