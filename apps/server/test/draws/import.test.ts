import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { databaseEnv, runCli } from '../helpers/cli.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';

const CLI = path.resolve(import.meta.dirname, '../../src/cli/import.ts');

async function importCsv(env: TestEnv, csv: string, args: string[] = []) {
  const file = path.join(env.dataDir, `import-${Math.random().toString(36).slice(2)}.csv`);
  await fs.writeFile(file, csv);
  return runCli(CLI, ['--file', file, ...args], databaseEnv(env));
}

describe('import CLI', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await createTestEnv();
    app = await buildTestApp(env);
  });
  afterAll(async () => {
    await app.close();
    await env.cleanup();
  });

  it('imports a good file, with or without header, in every accepted date form', async () => {
    const csv = [
      'issue,date,n1,n2,n3,n4,n5,n6,special',
      '2024001,2024-01-01,1,2,3,4,5,6,7',
      '2024002,2024-01-02 21:30,08,09,10,11,12,13,14',
      '2024003,2024-01-03T13:32:00.000Z,15,16,17,18,19,20,21',
      '',
    ].join('\n');
    const r = await importCsv(env, csv, ['--game', '110']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('added 3');
    expect(await app.repos.draws.get(110, '2024001')).toMatchObject({
      drawAt: '2024-01-01T13:32:00.000Z',
      year: 2024,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
    expect((await app.repos.draws.get(110, '2024002'))?.drawAt).toBe('2024-01-02T13:30:00.000Z');
    expect((await app.repos.draws.get(110, '2024003'))?.drawAt).toBe('2024-01-03T13:32:00.000Z');
  });

  it('refuses a file contradicting stored draws unless told to replace them', async () => {
    const csv = '2024001,2024-01-01,49,48,47,46,45,44,43\n2024004,2024-01-04,1,2,3,4,5,6,7\n';
    const refused = await importCsv(env, csv, ['--game', '110']);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/added 0, .*unchanged 0, .*replaced 0, .*refused 1/);
    expect((await app.repos.draws.get(110, '2024001'))?.numbers[0]).toBe('01');
    expect(await app.repos.draws.get(110, '2024004')).toBeUndefined();
    // --update is the older name of --replace.
    const update = await importCsv(env, csv, ['--game', '110', '--update']);
    expect(update.out).toMatch(/added 1, .*unchanged 0, .*replaced 1, .*refused 0/);
    expect((await app.repos.draws.get(110, '2024001'))?.numbers[0]).toBe('49');
    // What it replaced is in the audit log, draw by draw.
    const [entry, ...more] = await app.repos.audit.list({
      action: 'draws.result.import',
      limit: 9,
    });
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: 'cli', target: '{"gameId":110,"issue":"2024001"}' });
    expect(JSON.parse(entry!.before!).numbers[0]).toBe('01');
    expect(JSON.parse(entry!.after!).numbers[0]).toBe('49');
    const again = await importCsv(env, csv, ['--game', '110']);
    expect(again.out).toMatch(/added 0, .*unchanged 2, .*replaced 0, .*refused 0/);
  });

  it('reports a bad row with its line number and imports nothing', async () => {
    const before = await app.repos.draws.countDone(111);
    const csv = [
      'issue,date,n1,n2,n3,n4,n5,n6,special',
      '2024001,2024-01-02,1,2,3,4,5,6,7',
      '2024002,2024-01-04,1,2,3,4,5,6,8',
      '2024003,2024-01-06,1,2,3,4,5,6,6',
      '2024004,2024-02-30,1,2,3,4,5,6,9',
      '2024002,2024-01-09,1,2,3,4,5,6,10',
      '2024006,2024-01-11,1,2,3,4,5,6,50',
      '2024007,2024-01-13,1,2,3',
    ].join('\n');
    const r = await importCsv(env, csv, ['--game', '111']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('line 4');
    expect(r.err).toContain('line 5');
    expect(r.err).toMatch(/line 6: .*duplicate issue \(line 3\)/);
    expect(r.err).toContain('line 7');
    expect(r.err).toContain('line 8');
    expect(r.err).not.toContain('line 2:');
    expect(r.err).toContain('nothing was imported');
    expect(await app.repos.draws.countDone(111)).toBe(before);
  });

  it('explains what is missing', async () => {
    const r = await importCsv(env, '1,2', []);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--game');
    const unknown = await importCsv(env, '2024001,2024-01-01,1,2,3,4,5,6,7', ['--game', '999']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('game 999 does not exist');
  });

  it('round-trips an export through the import', async () => {
    const source = await createTestEnv();
    const target = await createTestEnv();
    const from = await buildTestApp(
      source,
      { demoHistoryDays: 40 },
      {
        draws: { clock: clockFrom(Date.parse('2026-01-10T12:00:00Z')), demoSyncDays: 40 },
      },
    );
    const to = await buildTestApp(target);
    try {
      const exported = (await from.inject('/app-api/api/v2/draws/export.csv?gameId=111')).body;
      expect(exported.trim().split('\n').length).toBeGreaterThan(15);
      const r = await importCsv(target, exported, ['--game', '111']);
      expect(r.code, r.err).toBe(0);
      const again = (await to.inject('/app-api/api/v2/draws/export.csv?gameId=111')).body;
      expect(again).toBe(exported);
      const a = (await from.inject('/app-api/api/v2/draws/history?gameId=111&pageSize=100')).json();
      const b = (await to.inject('/app-api/api/v2/draws/history?gameId=111&pageSize=100')).json();
      // The CSV carries the draws, not the Hong Kong prize records beside them.
      // An imported draw says so: its source is the import, not the simulator.
      const drawsOnly = (items: { prizes?: unknown; source?: string }[]) =>
        items.map(({ prizes: _, source: __, ...d }) => d);
      expect(a.data.items.some((d: { prizes?: unknown }) => d.prizes)).toBe(true);
      expect(b.data.items.every((d: { source: string }) => d.source === 'import')).toBe(true);
      expect({ ...b.data, items: drawsOnly(b.data.items) }).toEqual({
        ...a.data,
        items: drawsOnly(a.data.items),
      });
    } finally {
      await from.close();
      await to.close();
      await source.cleanup();
      await target.cleanup();
    }
  });
});
