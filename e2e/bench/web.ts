// `npm run bench web [-- --runs 5 --no-build --report-only --pages /game/110,/news]`
//
// Lighthouse on the production build (issue 6 "Performance budgets"): builds the web app, starts
// the production server (apps/server/src/server.ts) on loopback with a temp data dir, runs
// Lighthouse (mobile preset, its default simulated throttling) `runs` times on each page in
// Debian's headless Chromium, and prints per page the median of each category score and of FCP,
// LCP, TBT and CLS. Exits 1 when a median misses a target (unless --report-only). Bounded: every
// run has a time limit and the whole bench stops after --timeout seconds.
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './serve.ts';
import lighthouse from 'lighthouse';
import { recordFigures } from '../../scripts/lib/perf-record.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '/game/110,/lottery-history,/news,/gallery' },
    'no-build': { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '900' },
    json: { type: 'string' },
    'lhr-dir': { type: 'string' },
    record: { type: 'boolean', default: false },
  },
});

/** Median targets (issue 6). Scores are 0–100, times in ms. */
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
  lcp: 1500,
  tbt: 60,
  cls: 0.04,
} as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageFigures {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failedAudits: string[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function audit(url: string, port: number): Promise<PageFigures['scores'] & Metrics> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    maxWaitForLoad: 30_000,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (args['lhr-dir']) {
    await fs.mkdir(args['lhr-dir'], { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    await fs.writeFile(path.join(args['lhr-dir'], name), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.values(lhr.categories)
    .filter((c) => c.id !== 'performance')
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0))
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => `${a!.id}: ${a!.title}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    failed,
  };
}
/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP); such a run is redone. */
async function auditWithRetry(url: string, port: number, tries = 3): ReturnType<typeof audit> {
  for (let i = 1; ; i++) {
    try {
      return await audit(url, port);
    } catch (err) {
      if (i >= tries) throw err;
      console.error(`\n${(err as Error).message} (retrying)`);
    }
  }
}

interface Metrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failed: string[];
}

function misses(f: PageFigures): string[] {
  const out: string[] = [];
  for (const c of CATEGORIES)
    if (f.scores[c] < TARGETS[c]) out.push(`${c} ${f.scores[c]} < ${TARGETS[c]}`);
  if (f.lcp > TARGETS.lcp) out.push(`LCP ${Math.round(f.lcp)} ms > ${TARGETS.lcp}`);
  if (f.tbt > TARGETS.tbt) out.push(`TBT ${Math.round(f.tbt)} ms > ${TARGETS.tbt}`);
  if (f.cls > TARGETS.cls) out.push(`CLS ${f.cls.toFixed(3)} > ${TARGETS.cls}`);
  return out;
}

let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

async function main(): Promise<number> {
  const runs = Math.max(1, Number(args.runs));
  const pages = args.pages.split(',').filter(Boolean);

  if (!args['no-build']) {
    console.log('building the web app…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@kaijiang/web'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 300_000,
    });
    if (build.status !== 0) {
      console.error('web build failed');
      if (!args['report-only']) return 1;
    }
  }

  const app = await startServer(
    {
      LOG_LEVEL: 'warn',
      // Three years of demo history are seeded in the background after start-up and would
      // share the CPU with the first pages measured; a month is plenty for these pages.
      DEMO_HISTORY_DAYS: process.env.DEMO_HISTORY_DAYS ?? '30',
    },
    (child) => (server = child),
  );
  const base = app.base;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
      logLevel: 'silent',
    });

    // One warm-up load so that the server's first-request costs (SQLite, file reads) stay out.
    for (const page of pages) await fetch(`${base}${page}`).then((r) => r.arrayBuffer());

    const figures: PageFigures[] = [];
    for (const page of pages) {
      const samples: Awaited<ReturnType<typeof audit>>[] = [];
      for (let i = 0; i < runs; i++) {
        samples.push(await auditWithRetry(`${base}${page}`, chrome.port));
        process.stdout.write('.');
      }
      const pick = (key: keyof Awaited<ReturnType<typeof audit>>) =>
        median(samples.map((s) => s[key] as number));
      figures.push({
        page,
        scores: {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          'best-practices': pick('best-practices'),
          seo: pick('seo'),
        },
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        failedAudits: [...new Set(samples.flatMap((s) => s.failed))],
      });
    }
    process.stdout.write('\n');

    console.log(
      `\nLighthouse ${runs} run(s) per page, median (mobile preset, simulated throttling)\n`,
    );
    console.log('page              perf  a11y  bp   seo    FCP ms   LCP ms   TBT ms   CLS');
    let failed = false;
    for (const f of figures) {
      const s = f.scores;
      console.log(
        `${f.page.padEnd(16)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}` +
          ` ${String(s['best-practices']).padStart(4)} ${String(s.seo).padStart(4)}` +
          `  ${String(Math.round(f.fcp)).padStart(7)}  ${String(Math.round(f.lcp)).padStart(7)}` +
          `  ${String(Math.round(f.tbt)).padStart(7)}  ${f.cls.toFixed(3)}`,
      );
      const missed = misses(f);
      if (missed.length) {
        failed = true;
        console.log(`  misses: ${missed.join('; ')}`);
      }
      for (const a of f.failedAudits) console.log(`  audit: ${a}`);
    }
    if (args.json) await fs.writeFile(args.json, JSON.stringify(figures, null, 2));
    if (args.record) {
      recordFigures(
        'web',
        figures.map((f) => {
          const s = f.scores;
          const all = [s.performance, s.accessibility, s['best-practices'], s.seo];
          return {
            figure: `Lighthouse mobile ${f.page} (perf, a11y, best practices, SEO; TBT, CLS)`,
            value: `${all.join(' / ')}; ${Math.round(f.tbt)} ms, ${f.cls.toFixed(3)}`,
            target: '100 each',
            met: all.every((v) => v === 100),
          };
        }),
      );
    }
    if (failed && !args['report-only']) {
      console.error('\nbench web: a target was missed (use --report-only to only report)');
      return 1;
    }
    return 0;
  } finally {
    await chrome?.kill();
    await app.close();
  }
}

const limit = setTimeout(
  () => {
    console.error(`bench web: stopped after ${args.timeout} s`);
    void Promise.resolve(chrome?.kill())
      .catch(() => undefined)
      .then(() => server?.kill('SIGKILL'))
      .finally(() => process.exit(2));
  },
  Number(args.timeout) * 1000,
);
limit.unref();
process.exitCode = await main().catch((err: unknown) => {
  console.error(err);
  return 1;
});
