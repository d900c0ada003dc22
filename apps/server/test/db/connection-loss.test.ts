import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../helpers/test-app.ts';

// `pg_ctl stop` (or a failover) sends every backend a FATAL error. A pooled connection that is
// checked out but between two queries has no query to fail: pg emits 'error' on the client, and
// with nobody listening that is an uncaught exception that ends the process.
describe.skipIf(!usingPostgres())('PostgreSQL connection lost while in use', () => {
  let t: TestApp;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  beforeAll(async () => {
    t = await createTestApp();
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await t.close();
  });

  it('is logged, and the pool carries on with a new connection', async () => {
    const { db } = t.app;
    await db.connection().execute(async (held) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held);
      // Another connection of the same pool ends this one's backend, as a shutdown would.
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(uncaught).toEqual([]);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows[0]?.one).toBe(1);
  });
});
