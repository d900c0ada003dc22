import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the real server in a child process, killed and starved of its
// database and Redis. Not part of `npm test` (it needs with-postgres.sh and with-redis.sh).
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // The SQLite file runs beside the PostgreSQL one; the PostgreSQL tests stop the one cluster
    // they share, so they stay in one file, in order.
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
