// The production server for a bench: a free loopback port, a wait for its health, a stop.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** Stops the server and removes its data dir. */
  close(): Promise<void>;
}

/**
 * The production server (apps/server/src/server.ts) as `npm start` runs it, on a free loopback
 * port with a temp data dir and `env` added; resolves once it answers its health check.
 * `onSpawn` sees the child at once, for a bench's own time limit.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  onSpawn: (child: ChildProcess) => void = () => {},
): Promise<BenchServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
  });
  onSpawn(child);
  const close = async () => {
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${base}/app-api/health`, child, 60_000);
  } catch (err) {
    await close();
    throw err;
  }
  return { base, child, close };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, server: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
