import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../helpers/test-app.ts';

// A ball is broadcast once its write commits: the commit must survive a power cut, or visitors
// would have seen a ball the database no longer has.
describe.skipIf(usingPostgres())('SQLite durability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('commits in WAL mode with synchronous = FULL', async () => {
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(t.app.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    // 2 = FULL (1 = NORMAL syncs only at checkpoints).
    const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(t.app.db);
    expect(sync.rows[0]?.synchronous).toBe(2);
  });
});
