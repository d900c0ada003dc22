// Two server instances on one PostgreSQL and one Redis (tests/instances.spec.ts). Run through
//   npm run test:instances
// which wraps this in scripts/with-postgres.sh and scripts/with-redis.sh (DATABASE_URL, REDIS_URL).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT_A = Number(process.env.E2E_INSTANCE_PORT ?? 18_480);
const PORT_B = PORT_A + 1;
const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL?.startsWith('postgres') || !REDIS_URL) {
  throw new Error(
    'instances.config.ts needs DATABASE_URL (PostgreSQL) and REDIS_URL: run `npm run test:instances`',
  );
}
process.env.E2E_INSTANCE_A = `http://127.0.0.1:${PORT_A}`;
process.env.E2E_INSTANCE_B = `http://127.0.0.1:${PORT_B}`;

function instance(port: number) {
  return {
    command: `node ${path.join(ROOT, 'apps/server/src/server.ts')}`,
    cwd: ROOT,
    url: `http://127.0.0.1:${port}/app-api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Each instance its own disk; everything shared lives in PostgreSQL and Redis.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `kj-instance-${port}-`)),
      DATABASE_URL: DATABASE_URL!,
      REDIS_URL: REDIS_URL!,
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: '4JrPVCscUHkSlavH5UHg06mfSlGmx4VR-gOKavKg',
      // Balls come from the admin API only (source "manual"), as in the main e2e; the engine
      // lease is tested with two more instances that run it (instances.spec.ts).
      DRAW_ENGINE: 'off',
      DEMO_HISTORY_DAYS: '30',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  testMatch: ['**/instances*.spec.ts'],
  outputDir: path.join(ROOT, 'e2e/.tmp/instances'),
  workers: 1,
  retries: 0,
  timeout: 60_000,
  globalTimeout: 5 * 60_000,
  reporter: [['list']],
  // Started one after the other: the first migrates and seeds the empty database.
  webServer: [instance(PORT_A), instance(PORT_B)],
});
