// The figures table of docs/performance.md, made from what the benchmarks last recorded.
// A benchmark run with `--record` writes its figures to docs/perf/<bench>.json (replacing its
// previous run) and the table is written again from every file there; `npm run perf:table`
// writes it again without running anything. The table is never edited by hand.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = path.join(ROOT, 'docs/perf');
const PAGE = path.join(ROOT, 'docs/performance.md');

/** Whether this benchmark run was asked to record its figures (`--record`). */
export const recording = (argv = process.argv) => argv.includes('--record');

/**
 * Records one benchmark's figures: `rows` are `{ figure, value, target, met }` (value and target
 * as printed, `met` true, false or null when the figure has no line to hold).
 */
export function recordFigures(bench, rows, { argv = process.argv } = {}) {
  const args = argv.slice(2).filter((a) => a !== '--record' && !a.startsWith('--role'));
  const run = {
    bench,
    command: `npm run bench ${bench}${args.length ? ` -- ${args.join(' ')}` : ''}`,
    at: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
    rows,
  };
  mkdirSync(DIR, { recursive: true });
  writeFileSync(path.join(DIR, `${bench}.json`), `${JSON.stringify(run, null, 2)}\n`);
  writePerformancePage();
  console.info(`recorded in docs/perf/${bench}.json and docs/performance.md`);
}

const cell = (s) => String(s ?? '').replaceAll('|', '\\|');

/** Writes docs/performance.md from docs/perf/*.json. */
export function writePerformancePage() {
  const runs = readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')));
  const lines = [
    '# Performance: the current figures',
    '',
    'Each figure is the last run of the command beside it, on the machine it names, with the server',
    'as `npm start` runs it (default settings, logging on). This page is written by',
    '`scripts/lib/perf-record.mjs` from `docs/perf/*.json`: run a benchmark with `--record` to',
    'replace its rows, or `npm run perf:table` to write the page again. Do not edit it by hand.',
    '',
    '| figure | measured | line to hold | met | command | when |',
    '|---|---:|---:|:---:|---|---|',
  ];
  for (const run of runs) {
    for (const r of run.rows) {
      const met = r.met === true ? '✓' : r.met === false ? '✗' : '';
      lines.push(
        `| ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.target)} | ${met} | \`${cell(run.command)}\` | ${run.at.slice(0, 10)} |`,
      );
    }
  }
  lines.push('', 'Machines:', '');
  for (const run of runs) lines.push(`- \`${run.bench}\`: ${run.machine}`);
  lines.push(
    '',
    'How the benchmarks measure, and what each figure means, is in the header comment of each',
    'script (`apps/server/bench/*.ts`, `e2e/bench/*.ts`); the mechanisms behind the figures are',
    'in [architecture.md](architecture.md) §13.',
    '',
  );
  writeFileSync(PAGE, lines.join('\n'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writePerformancePage();
