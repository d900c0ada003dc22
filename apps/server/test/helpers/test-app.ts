// A fresh app per test file: a temp SQLite DATA_DIR, or, when DATABASE_URL is set (see
// scripts/with-postgres.sh), a fresh PostgreSQL schema, so one suite covers both databases.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import type { BuildOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { AppConfig, DatabaseConfig } from '../../src/config.ts';

export interface TestEnv {
  dataDir: string;
  database: DatabaseConfig;
  /** Empty web dist by default, so results never depend on whether the web app was built. */
  webDist: string;
  /** Drops the schema / removes the temp dirs. */
  cleanup(): Promise<void>;
}

export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestEnv(): Promise<TestEnv> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-test-'));
  const webDist = path.join(dataDir, 'web-dist');
  await fs.mkdir(webDist);
  const url = process.env.DATABASE_URL;
  if (!url) {
    return {
      dataDir,
      webDist,
      database: { kind: 'sqlite', file: path.join(dataDir, 'kaijiang.sqlite') },
      cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (c) => c.query(`create schema ${schema}`));
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    webDist,
    database: { kind: 'postgres', url: u.toString() },
    async cleanup() {
      await withAdmin(url, (c) => c.query(`drop schema if exists ${schema} cascade`));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(env: TestEnv, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    // Draws are opt-in: an engine on the wall clock and years of demo history would make every
    // other suite slow and time-dependent.
    // Likewise the push sender: a lease taken every second by every app of every suite.
    ...loadConfig({
      LOG_LEVEL: 'silent',
      DRAW_ENGINE: 'off',
      DEMO_HISTORY_DAYS: '0',
      REAL_HISTORY: 'off',
      PUSH_SEND: 'off',
    }),
    dataDir: env.dataDir,
    database: env.database,
    webDist: env.webDist,
    // The console's build of this test's own (absent unless a test writes it): never the
    // repository's, whose presence depends on whether `npm run build` has run yet.
    consoleDist: path.join(env.dataDir, 'console-dist'),
    // Server rendering is opt-in too (web-ssr.test.ts gives it a module of its own).
    webSsr: null,
    ...overrides,
  };
}

/** Builds and readies an app on `env` (migrations and seed have run when it resolves). */
export async function buildTestApp(
  env: TestEnv,
  overrides: Partial<AppConfig> = {},
  opts: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(env, overrides), { logger: false, ...opts });
  await app.ready();
  return app;
}

export interface TestApp {
  app: FastifyInstance;
  env: TestEnv;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  opts: BuildOptions = {},
): Promise<TestApp> {
  const env = await createTestEnv();
  try {
    const app = await buildTestApp(env, overrides, opts);
    return {
      app,
      env,
      async close() {
        await app.close();
        await env.cleanup();
      },
    };
  } catch (err) {
    await env.cleanup();
    throw err;
  }
}

/** A valid anti-forgery pair: the Cookie header to send and the X-XSRF-TOKEN value. */
export async function xsrfPair(app: FastifyInstance): Promise<{ cookie: string; token: string }> {
  // As a browser asks (it keeps cookies): a token is signed only for such a client.
  const res = await app.inject({
    method: 'GET',
    url: '/app-api/health',
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  const c = res.cookies.find((x) => x.name === 'XSRF-TOKEN');
  if (!c) throw new Error('no XSRF-TOKEN cookie issued');
  return { cookie: `XSRF-TOKEN=${c.value}`, token: c.value };
}
