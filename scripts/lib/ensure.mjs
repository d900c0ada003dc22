// Set-up shared by `npm start` and `npm test`. Plain JavaScript on purpose: it runs on whatever
// Node the machine has (20+) before the pinned Node 24 from node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const NODE24 = path.join(ROOT, 'node_modules/.bin/node');
const isWindows = process.platform === 'win32';

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, shell: isWindows, ...opts });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestIn(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Build output (dist, dist-ssr, dist-app, dist-console) is not a source.
    if (
      entry.name === 'node_modules' ||
      entry.name.startsWith('dist') ||
      entry.name.startsWith('.')
    )
      continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }
  return newest;
}

/** npm ci when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(NODE24) && mtime(installed) >= mtime(lock)) return;
  console.info('› Installing dependencies (npm ci)…');
  // Warnings off (.npmrc sets it too): a few packages ask for Node 22 in their engines, read
  // against the machine's Node, while every script here runs on the pinned Node 24.
  must('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

/**
 * Builds the web app unless dist (and its server renderer) is newer than every source file.
 * `quiet`: the build's own report (chunk sizes, budgets) is shown only when it fails.
 */
export function ensureWebBuild({ force = false, quiet = false } = {}) {
  const index = path.join(ROOT, 'apps/web/dist/index.html');
  const renderer = path.join(ROOT, 'apps/web/dist-ssr/entry-server.js');
  const consolePage = path.join(ROOT, 'apps/web/dist-console/console.html');
  const sources = Math.max(
    newestIn(path.join(ROOT, 'apps/web')),
    newestIn(path.join(ROOT, 'packages/domain/src')),
  );
  if (!force && mtime(index) > sources && existsSync(renderer) && existsSync(consolePage)) return;
  console.info('› Building the web app…');
  if (!quiet) {
    must('npm', ['run', 'build', '--silent']);
    return;
  }
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: ROOT,
    shell: isWindows,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    console.error(`\n✗ npm run build failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}
