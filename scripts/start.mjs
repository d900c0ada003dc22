// `npm start`: from a fresh clone to the site on http://localhost:8080 in one command.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { NODE24, ROOT, ensureDependencies, ensureWebBuild } from './lib/ensure.mjs';

ensureDependencies();
ensureWebBuild({ quiet: true });

const server = spawn(NODE24, [path.join(ROOT, 'apps/server/src/server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
// The server drains connections on SIGTERM/SIGINT; pass them on and leave with its status.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
