// `npm run bench db [-- --draws 300 --history 20000 --seconds 5]`
//
// What SQLite's `synchronous = FULL` (the default since issue 11) costs against NORMAL, on the
// server's own storage code: the same dialect, pragmas and repositories the engine and the API
// use, on a file under ./data (the disk `npm start` writes to; a tmpfs would hide every fsync).
// Per mode: the latency of storing one ball (the engine's conditional UPDATE, committed before
// the ball is broadcast), whole draws per second stored ball by ball (insert + 7 balls), and
// history pages read per second (20 draws a page, random offsets).
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { completeDraw, cryptoRandom } from '../src/services/draws/fair.ts';
import { migrateToLatest } from '../src/db/database.ts';
import { createSqliteDialect, type SqliteSynchronous } from '../src/db/sqlite-dialect.ts';
import type { DB } from '../src/db/schema.ts';
import { createChangeFeed } from '../src/lib/change-feed.ts';
import { createRepositories, type DrawRecord } from '../src/repositories/index.ts';
import { seedDemo } from '../src/services/seed/demo-seed.ts';
import { Kysely } from 'kysely';

const { values: args } = parseArgs({
  options: {
    draws: { type: 'string', default: '300' },
    history: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '5' },
    dir: { type: 'string', default: path.resolve(import.meta.dirname, '../../../data') },
  },
});
const DRAWS = Number(args.draws);
const HISTORY = Number(args.history);
const SECONDS = Number(args.seconds);
const GAME = 120;
const HISTORY_GAME = 110;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

interface Figures {
  mode: SqliteSynchronous;
  ballP50: number;
  ballP99: number;
  ballMean: number;
  drawsPerSec: number;
  pagesPerSec: number;
}

async function measure(mode: SqliteSynchronous, dir: string): Promise<Figures> {
  const file = path.join(dir, `bench-${mode.toLowerCase()}.sqlite`);
  const db = new Kysely<DB>({ dialect: createSqliteDialect(file, mode) });
  try {
    await migrateToLatest(db, 'sqlite');
    const repos = createRepositories(db, createChangeFeed());
    await seedDemo(repos, { companyCode: 'kj', uploadsDir: path.join(dir, 'uploads') });

    // Draws stored the way the simulator stores them: a waiting row, then one UPDATE per ball.
    const ballMs: number[] = [];
    const start = Date.parse('2030-01-01T00:00:00Z');
    const t0 = performance.now();
    for (let i = 0; i < DRAWS; i++) {
      const at = new Date(start + i * 300_000);
      let draw: DrawRecord = {
        gameId: GAME,
        issue: `B${String(i).padStart(8, '0')}`,
        drawAt: at.toISOString(),
        year: 2030,
        status: 'waiting',
        numbers: [],
      };
      await repos.draws.insert(draw);
      const balls = completeDraw([], cryptoRandom);
      for (let n = 1; n <= 7; n++) {
        const next = { numbers: balls.slice(0, n), status: n === 7 ? 'done' : 'drawing' } as const;
        const b0 = performance.now();
        await repos.draws.advance(draw, draw.numbers, next);
        ballMs.push(performance.now() - b0);
        draw = { ...draw, ...next };
      }
    }
    const drawsPerSec = DRAWS / ((performance.now() - t0) / 1000);
    ballMs.sort((a, b) => a - b);

    // History: a 5-minute game's worth of finished draws, read page by page.
    const rows: DrawRecord[] = [];
    for (let i = 0; i < HISTORY; i++) {
      rows.push({
        gameId: HISTORY_GAME,
        issue: `H${String(i).padStart(8, '0')}`,
        drawAt: new Date(start - (i + 1) * 300_000).toISOString(),
        year: 2029,
        status: 'done',
        numbers: completeDraw([], cryptoRandom),
      });
    }
    await repos.draws.insertMany(rows);
    let pages = 0;
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      const offset = Math.floor(Math.random() * Math.max(1, HISTORY - 20));
      await repos.draws.pageDone(HISTORY_GAME, { limit: 20, offset });
      pages++;
    }
    return {
      mode,
      ballP50: pct(ballMs, 50),
      ballP99: pct(ballMs, 99),
      ballMean: ballMs.reduce((a, b) => a + b, 0) / ballMs.length,
      drawsPerSec,
      pagesPerSec: pages / SECONDS,
    };
  } finally {
    await db.destroy();
  }
}

await fs.mkdir(args.dir, { recursive: true });
const dir = await fs.mkdtemp(path.join(args.dir, 'bench-db-'));
try {
  console.info(
    `SQLite (WAL) in ${dir}: ${DRAWS} draws stored ball by ball, ${HISTORY} draws of history, ` +
      `history pages for ${SECONDS} s per mode`,
  );
  const results: Figures[] = [];
  for (const mode of ['NORMAL', 'FULL'] as const) results.push(await measure(mode, dir));
  console.info('');
  console.info(
    '| synchronous | ball store p50 | p99 | mean | draws/s (insert + 7 balls) | history pages/s |',
  );
  console.info('| --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.info(
      `| ${r.mode} | ${fmt(r.ballP50)} | ${fmt(r.ballP99)} | ${fmt(r.ballMean)} | ` +
        `${r.drawsPerSec.toFixed(0)} | ${r.pagesPerSec.toFixed(0)} |`,
    );
  }
  const [normal, full] = results as [Figures, Figures];
  console.info('');
  console.info(
    `FULL costs ${(full.ballMean - normal.ballMean).toFixed(3)} ms more per stored ball on ` +
      `average (p99 ${fmt(full.ballP99)}), against a ball every 4 s by default; reads are not ` +
      `synced (their difference is noise: run it again).`,
  );
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
