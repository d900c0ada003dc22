import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.ts';
import { DEMO_GAMES, DEMO_NOTICES } from '../../src/services/seed/demo-content.ts';
import { buildTestApp, createTestEnv, usingPostgres } from '../helpers/test-app.ts';
import type { TestEnv } from '../helpers/test-app.ts';

async function currentSchema(app: Awaited<ReturnType<typeof buildTestApp>>): Promise<string> {
  if (!usingPostgres()) return 'main';
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(app.db);
  return r.rows[0]!.s;
}

async function counts(app: Awaited<ReturnType<typeof buildTestApp>>) {
  const n = async (table: 'games' | 'game_groups' | 'notices' | 'companies' | 'config_entries') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    games: await n('games'),
    groups: await n('game_groups'),
    notices: await n('notices'),
    companies: await n('companies'),
    config: await n('config_entries'),
  };
}

describe('migrations and demo seed', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('migrates a fresh database and seeds the demo content', async () => {
    const app = await buildTestApp(env);
    try {
      expect(app.database.dialect).toBe(usingPostgres() ? 'postgres' : 'sqlite');
      const applied = await app.db
        .withSchema(await currentSchema(app))
        .selectFrom('kysely_migration' as never)
        .select(sql<string>`name`.as('name'))
        .execute();
      expect(applied.map((r) => r.name)).toEqual(Object.keys(migrations));

      expect(await counts(app)).toEqual({
        games: 3,
        groups: 2,
        notices: DEMO_NOTICES.length,
        companies: 1,
        config: 2,
      });
      const games = await app.repos.games.list();
      expect(games.map((g) => [g.id, g.name, g.drawTime, g.timezone])).toEqual([
        [110, '新澳门六合彩', '21:32', 'Asia/Macau'],
        [111, '香港六合彩', '21:30', 'Asia/Hong_Kong'],
        [120, '极速六合彩', '00:00', 'Asia/Shanghai'],
      ]);
      expect(games.find((g) => g.id === 111)?.drawDays).toEqual([2, 4, 6]);
      expect(games.find((g) => g.id === 120)?.intervalMinutes).toBe(5);
      expect(await app.repos.config.get('home_lottery_setting')).toBe('110,111,120');
      expect(await app.repos.company.get('kj')).toMatchObject({ code: 'kj', name: '开奖网' });
      for (const g of DEMO_GAMES) {
        await expect(fs.stat(path.join(env.dataDir, 'uploads', g.icon))).resolves.toBeTruthy();
      }
      // The demo text is real content, never placeholders.
      for (const n of await app.repos.notices.listActive('kj')) {
        expect(n.content).not.toMatch(/lorem|敬请期待|coming soon/i);
      }
    } finally {
      await app.close();
    }
  });

  it('is idempotent on restart and keeps operator changes', async () => {
    let app = await buildTestApp(env);
    const before = await counts(app);
    const [first] = await app.repos.notices.listAll('kj');
    await app.repos.notices.remove(first!.id);
    await app.repos.config.set('home_lottery_setting', '111');
    await app.close();

    app = await buildTestApp(env);
    try {
      expect(await counts(app)).toEqual({ ...before, notices: before.notices - 1 });
      expect(await app.repos.config.get('home_lottery_setting')).toBe('111');
    } finally {
      await app.close();
    }
  });

  it('seeds a company record for a new COMPANY_CODE without touching the games', async () => {
    const app = await buildTestApp(env, { companyCode: 'hk' });
    try {
      expect(await app.repos.company.get('hk')).toMatchObject({ code: 'hk' });
      expect((await app.repos.notices.listActive('hk')).length).toBe(DEMO_NOTICES.length);
      expect((await counts(app)).games).toBe(3);
    } finally {
      await app.close();
    }
  });

  it('seeds nothing when SEED_DEMO is off', async () => {
    const fresh = await createTestEnv();
    const app = await buildTestApp(fresh, { seedDemo: false }).catch(async (err: unknown) => {
      await fresh.cleanup();
      throw err;
    });
    try {
      expect(await counts(app)).toEqual({
        games: 0,
        groups: 0,
        notices: 0,
        companies: 0,
        config: 0,
      });
    } finally {
      await app.close();
      await fresh.cleanup();
    }
  });

  it('rolls back cleanly (down migrations)', async () => {
    const fresh = await createTestEnv();
    const app = await buildTestApp(fresh, { seedDemo: false }).catch(async (err: unknown) => {
      await fresh.cleanup();
      throw err;
    });
    try {
      for (const m of Object.values(migrations).reverse()) await m.down?.(app.db);
      const schema = await currentSchema(app);
      const tables = await app.db.introspection.getTables();
      const ours = tables.filter((t) => !usingPostgres() || t.schema === schema);
      expect(ours.map((t) => t.name).filter((n) => !n.startsWith('kysely_'))).toEqual([]);
    } finally {
      await app.close();
      await fresh.cleanup();
    }
  });
});
