// `npm test`: every check CI runs — lint, types, unit and server tests, the build, end-to-end.
// Set-up a fresh machine lacks (dependencies, Debian's Chromium) is done first.
import { existsSync } from 'node:fs';
import { ensureDependencies, ensureWebBuild, must, run } from './lib/ensure.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.info('› Installing Debian Chromium for the end-to-end tests…');
    must('apt-get', ['update', '-qq']);
    must('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `✗ The end-to-end tests need Chromium at ${CHROMIUM}. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

ensureDependencies();
ensureChromium();

const steps = [
  ['lint', ['run', 'lint', '--silent']],
  ['typecheck', ['run', 'typecheck', '--silent']],
  ['unit and server tests', ['run', 'test:unit', '--silent']],
  ['build', null],
  ['end-to-end', ['run', 'test:e2e', '--silent']],
];

const results = [];
for (const [name, args] of steps) {
  console.info(`\n━━ ${name} ━━`);
  const started = Date.now();
  let status = 0;
  if (args) status = run('npm', args);
  else ensureWebBuild({ force: true });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (status !== 0) break;
}

console.info('\n━━ summary ━━');
for (const r of results) console.info(`${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.info(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
