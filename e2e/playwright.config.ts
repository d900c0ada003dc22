import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 18_473);
// The `app` build is served from this second origin (app-build*.spec.ts: baseURL's port + 1)
// and calls the API above.
const APP_SHELL_PORT = PORT + 1;
const ROOT = path.resolve(import.meta.dirname, '..');
// The config is evaluated again in every worker; only the main process starts the server, so
// the data dir it creates is the one that counts.
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'kj-e2e-'));
process.env.E2E_DATA_DIR = DATA_DIR;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(ROOT, 'e2e/.tmp/results'),
  fullyParallel: true,
  // One at a time: every test's browser signs in from 127.0.0.1, and the server lets one sign-in
  // per address be in flight (issue 11), so two workers signing in at once see a 429.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 390, height: 844 },
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    // Several instances on PostgreSQL + Redis have their own config (instances.config.ts).
    {
      name: 'chromium',
      testIgnore: ['**/app-build*.spec.ts', '**/instances*.spec.ts', '**/console*.spec.ts'],
    },
    // The app build's journeys enter draw balls too: they run after the others, not beside them.
    { name: 'app-build', testMatch: ['**/app-build*.spec.ts'], dependencies: ['chromium'] },
    // The console's draw desk runs a whole draw once every other test has used its due draws:
    // it brings a next one forward (a calendar move) or waits for one (tests/console.spec.ts).
    { name: 'console', testMatch: ['**/console*.spec.ts'], dependencies: ['app-build'] },
  ],
  webServer: [
    {
      command: `node ${path.join(ROOT, 'apps/server/src/server.ts')}`,
      cwd: ROOT,
      url: `http://127.0.0.1:${PORT}/app-api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        LOG_LEVEL: 'warn',
        ADMIN_TOKEN: '4JrPVCscUHkSlavH5UHg06mfSlGmx4VR-gOKavKg',
        // Draws happen only when a test enters balls through the admin API (source "manual"): a
        // simulated draw every 5 minutes would make live assertions depend on the wall clock.
        DRAW_ENGINE: 'off',
        // The app build's page lives on another origin (see below): CORS and anti-forgery allow it.
        ALLOWED_ORIGINS: `http://127.0.0.1:${APP_SHELL_PORT}`,
        // The push service of the live draw's alert (e2e/support/push.ts), on this machine.
        PUSH_SERVICES: `http://127.0.0.1:${PORT + 2}`,
        // Every worker registers from 127.0.0.1: the suite's members would pass the default 10.
        REGISTRATIONS_PER_HOUR: '100',
      },
    },
    {
      command: `node ${path.join(ROOT, 'e2e/support/app-shell-server.ts')}`,
      cwd: ROOT,
      url: `http://127.0.0.1:${APP_SHELL_PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { APP_SHELL_PORT: String(APP_SHELL_PORT) },
      // SIGTERM (not the default SIGKILL) lets it delete its temporary build.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    },
  ],
});
