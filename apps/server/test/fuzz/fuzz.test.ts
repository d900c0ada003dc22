// The CI slice of the fuzz suite (`npm run fuzz` runs the full count against a server process):
// 2,000 hostile requests over every route the app registers, on a real listening server and the
// suite's database (SQLite, and PostgreSQL in CI). FUZZ_SEED reproduces a failing run.
import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiRoutes, routeCollector } from '../../fuzz/routes.ts';
import { health, prepareContext, probeGuards, runFuzz, summarize } from '../../fuzz/run.ts';
import type { Guard } from '../../fuzz/check.ts';
import type { FuzzContext } from '../../fuzz/generate.ts';
import { UPGRADE_TIMEOUT_MS } from '../../src/plugins/external/websocket.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { FAST_HASH } from '../members/member-helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 2000);
const ADMIN_TOKEN = 'fuzz-admin-token-0f3a9c2e7b1d4865a0c3';
const INDEX =
  '<!doctype html><html><head><title>kj</title><!--kj-runtime-config--></head><body><div id="root"></div></body></html>';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

describe('fuzz: hostile requests over every route', () => {
  let t: TestApp;
  const { routes, onRoute } = routeCollector();
  let target: { host: string; port: number };
  let ctx: FuzzContext;
  let signIn: () => Promise<string | null>;
  let guards: Map<string, Guard>;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { ...FAST_HASH, adminToken: ADMIN_TOKEN },
      {
        onRoute,
        // Errors the server logs (the cause behind a 500) go into the failure report.
        logger: {
          level: 'error',
          stream: { write: (line: string) => void serverErrors.push(line) },
        },
      },
    );
    await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
    // The console's page too: an unbuilt console answers 503, which is not what is fuzzed.
    await fs.mkdir(t.app.config.consoleDist, { recursive: true });
    await fs.writeFile(path.join(t.app.config.consoleDist, 'console.html'), INDEX);
    await t.app.listen({ port: 0, host: '127.0.0.1' });

    target = { host: '127.0.0.1', port: (t.app.server.address() as { port: number }).port };
    ({ ctx, signIn } = await prepareContext(target, ADMIN_TOKEN));
    guards = await probeGuards(target, routes, ctx);
  });
  afterAll(() => t?.close());

  it('collects every route, the documented ones included', async () => {
    const doc = (await t.app.inject('/app-api/docs/json')).json();
    const strip = (u: string) => u.replace(/\([^)]*\)/g, '');
    const known = new Set(routes.map((r) => `${r.method} ${strip(r.url)}`));
    const missing = openApiRoutes(doc).filter((r) => !known.has(`${r.method} ${strip(r.url)}`));
    expect(missing).toEqual([]);
    for (const must of [
      '/app-api/admin/uploads',
      '/ws-game/:guid',
      '/sys-upload/*',
      '/*',
      '/app-api/docs/json',
    ]) {
      expect(routes.map((r) => r.url)).toContain(must);
    }
    // The guard probe found both kinds of protected route.
    expect([...guards.values()]).toContain('member');
    expect([...guards.values()]).toContain('admin');
  });

  it(`answers ${COUNT} hostile requests without a 5xx, outside the envelope or past a guard`, async () => {
    const before = heapAfterGc();
    const stats = await runFuzz({
      target,
      routes,
      guards,
      ctx,
      signIn,
      count: COUNT,
      seed: SEED,
      concurrency: 6,
      sockets: 10,
    });
    const report = [
      summarize(stats),
      ...serverErrors.slice(0, 10).map((l) => l.slice(0, 1500)),
    ].join('\n');
    console.info(report);
    const failed = stats.violations.length > 0 || stats.fiveXX > 0;
    expect(failed, `fuzz failed; reproduce with FUZZ_SEED=${SEED}\n${report}`).toBe(false);
    expect(stats.routesHit).toBe(routes.length);
    expect(await health(target), `health after the run (seed ${SEED})`).toBe(true);
    // Every client has hung up: the server keeps no socket of theirs (orphans are cut in 5 s).
    const connections = () =>
      new Promise<number>((resolve) => t.app.server.getConnections((_e, n) => resolve(n)));
    const deadline = Date.now() + UPGRADE_TIMEOUT_MS + 3_000;
    while ((await connections()) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await connections(), `sockets left open (seed ${SEED})`).toBe(0);
    const after = heapAfterGc();
    expect(after, `heap ${before} → ${after} bytes after gc (seed ${SEED})`).toBeLessThan(
      before * 1.2,
    );
  }, 60_000);
});
