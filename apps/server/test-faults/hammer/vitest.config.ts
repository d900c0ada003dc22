import { defineConfig } from 'vitest/config';

// `npm run test:hammer`: one visitor hammering every read route of the real server while a probe
// times the latest draw. Alone on the machine (one file, one worker): its figures are timings.
export default defineConfig({
  test: {
    name: 'hammer',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
