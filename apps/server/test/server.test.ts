// The real entry point in a child process: start-up, a request over TCP, SIGTERM, bad config.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv } from './helpers/test-app.ts';
import type { TestEnv } from './helpers/test-app.ts';

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /"port":(\d+)[^\n]*kaijiang serving/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error(`server exited before listening:\n${out}`)));
  });
  // Tests that expect an early exit never await `listening`.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => out };
}

describe('server.ts', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.cleanup());

  it('serves, then drains and exits 0 on SIGTERM', async () => {
    const db = env.database;
    const server = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      WEB_DIST: env.webDist,
      DATABASE_URL: db.kind === 'postgres' ? db.url : `sqlite:${db.file}`,
    });
    const port = await server.listening;
    const res = await fetch(`http://127.0.0.1:${port}/app-api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('ok');

    const t0 = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('refuses to start on a bad configuration, naming every bad variable', async () => {
    const server = start({ PORT: 'eighty', COMPANY_CODE: 'Bad Code', DATA_DIR: env.dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/COMPANY_CODE/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });
});
