// Serves the `app` build (vite --mode app) from its own origin, like a device or a CDN would: a
// plain static server on another port, with no API of its own. The build goes to a fresh temp dir
// so parallel runs never share files. Used by playwright.config.ts (webServer) for app-build*.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.APP_SHELL_PORT ?? 18_474);
const OUT = process.env.APP_SHELL_DIST ?? mkdtempSync(path.join(tmpdir(), 'kj-app-shell-'));

if (!process.env.APP_SHELL_DIST) {
  const built = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--mode',
      'app',
      '--outDir',
      OUT,
      '--emptyOutDir',
    ],
    { cwd: path.join(ROOT, 'apps/web'), stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  if (built.status !== 0) {
    console.error(built.stdout, built.stderr);
    process.exit(built.status ?? 1);
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

http
  .createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(OUT, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(OUT) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(OUT, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  })
  .listen(PORT, '127.0.0.1', () => console.info(`app shell on http://127.0.0.1:${PORT}`));

// Playwright stops web servers with SIGTERM (SIGINT by hand): leave no build behind.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (!process.env.APP_SHELL_DIST) rmSync(OUT, { recursive: true, force: true });
    process.exit(0);
  });
}
