// Changing a stored result (issue 41): every way asks a console session for a recent password or
// code, and leaves what it replaced, draw by draw, in the audit log; nobody stores a result for a
// draw whose time has not come. On the database of the run (SQLite, or PostgreSQL under
// scripts/with-postgres.sh).
import { issueOf, nextDrawAt, zonedParts } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeResults } from '../../src/services/draws/results.ts';
import type { DrawRecord } from '../../src/repositories/index.ts';
import { C, operator, type ConsoleClient } from '../console/console-helpers.ts';
import { GOOD_PASSWORD, memberApp, type TestApp } from '../members/member-helpers.ts';

const ADMIN = 'Qm7v2XkP9tLw4sZr8bNc3hJy6dFg1aEu5oTi0pVxRq';
const IMPORT = '/app-api/admin/draws/110/import';
let t: TestApp;
let draw: ConsoleClient;

beforeAll(async () => {
  t = await memberApp({ adminToken: ADMIN });
  draw = await operator(t.app, 'draw');
  const seeded = await draw.call('POST', IMPORT, {
    csv: '2025001,2025-01-01,01,02,03,04,05,06,07\n2025002,2025-01-02,11,12,13,14,15,16,17\n',
  });
  expect(seeded.json().data).toMatchObject({ inserted: 2 });
});
afterAll(async () => t.close());

const lapse = () =>
  t.app.db
    .updateTable('operator_sessions')
    .set({ reauth_at: new Date(Date.now() - 10 * 60_000).toISOString() })
    .execute();
const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${ADMIN}` } });
const numbersOf = async (issue: string) => (await t.app.repos.draws.get(110, issue))?.numbers;
const audit = async (action: string) =>
  (await t.app.repos.audit.list({ action, limit: 50 })).map((e) => ({
    ...e,
    target: JSON.parse(e.target) as unknown,
    before: e.before === null ? null : (JSON.parse(e.before) as unknown),
    after: e.after === null ? null : (JSON.parse(e.after) as unknown),
  }));

describe('replacing stored results', () => {
  it('asks a lapsed console session for its password before an import, as before a correction', async () => {
    await lapse();
    const csv =
      '2025001,2025-01-01,21,22,23,24,25,26,27\n2025003,2025-01-03,31,32,33,34,35,36,37\n';
    const refused = await draw.call('POST', IMPORT, { csv, update: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ADMIN/REAUTH_REQUIRED');
    // Even with nothing to replace: an import is a way to change results.
    const plain = await draw.call('POST', IMPORT, { csv: '2025009,2025-01-09,1,2,3,4,5,6,7' });
    expect(plain.json().code).toBe('ADMIN/REAUTH_REQUIRED');
    const fix = await draw.call('PUT', '/app-api/admin/draws/110/2025002', {
      numbers: ['11', '12', '13', '14', '15', '16', '18'],
      reason: '特码录入错误',
    });
    expect(fix.json().code).toBe('ADMIN/REAUTH_REQUIRED');
    expect(await numbersOf('2025001')).toEqual(['01', '02', '03', '04', '05', '06', '07']);
    expect(await t.app.repos.draws.get(110, '2025009')).toBeUndefined();

    await draw.call('POST', `${C}/reauth`, { password: GOOD_PASSWORD });
    const done = await draw.call('POST', IMPORT, { csv, update: true });
    expect(done.json().data).toMatchObject({ inserted: 1, updated: 1, skipped: 0 });
    expect(await numbersOf('2025001')).toEqual(['21', '22', '23', '24', '25', '26', '27']);
    const [entry, ...more] = await audit('draws.result.import');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: draw.username,
      address: draw.address,
      target: { gameId: 110, issue: '2025001' },
      before: { numbers: ['01', '02', '03', '04', '05', '06', '07'], status: 'done' },
      after: { numbers: ['21', '22', '23', '24', '25', '26', '27'] },
    });
    // The request's own entry says which draws it replaced.
    const [request] = await audit('draws.import');
    expect(request!.before).toEqual({ replaced: ['2025001'], count: 1 });
  });

  it("writes a correction's reason and what it replaced; ADMIN_TOKEN needs no re-authentication", async () => {
    const fixed = await admin('PUT', '/app-api/admin/draws/110/2025002', {
      numbers: ['11', '12', '13', '14', '15', '16', '19'],
      reason: '以官方公布为准',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const [entry] = await audit('draws.result.correct');
    expect(entry).toMatchObject({
      actor: 'ADMIN_TOKEN',
      target: { gameId: 110, issue: '2025002' },
      before: { numbers: ['11', '12', '13', '14', '15', '16', '17'] },
      after: { numbers: ['11', '12', '13', '14', '15', '16', '19'], reason: '以官方公布为准' },
    });
  });

  it('is the way a source or a settled dispute replaces a result, audited the same', async () => {
    const was = (await t.app.repos.draws.get(110, '2025003'))!;
    const next: DrawRecord = { ...was, numbers: ['41', '42', '43', '44', '45', '46', '47'] };
    const counts = await storeResults({ repos: t.app.repos, service: t.app.draws }, 110, [next], {
      change: 'source',
      writer: { kind: 'source', name: 'macaujc' },
      onExisting: 'update',
    });
    expect(counts).toMatchObject({ updated: 1, replaced: ['2025003'] });
    const [entry] = await audit('draws.result.source');
    expect(entry).toMatchObject({ actor: 'source:macaujc', before: { numbers: was.numbers } });
    // A console session that has not re-authenticated is refused before anything is read.
    await expect(
      storeResults({ repos: t.app.repos }, 110, [was], {
        change: 'dispute',
        writer: { kind: 'console', operatorId: 1, name: 'x', address: '::1', reauthAt: null },
        onExisting: 'update',
      }),
    ).rejects.toMatchObject({ code: 'ADMIN/REAUTH_REQUIRED' });
    expect(await numbersOf('2025003')).toEqual(next.numbers);
  });
});

describe('results before their draw', () => {
  it('refuses an import of a draw eight minutes ahead, by line, storing nothing', async () => {
    const g = (await t.app.draws.game(110))!;
    const at = new Date(Date.now() + 8 * 60_000);
    const iso = at.toISOString();
    const csv = `2025004,2025-01-04,1,2,3,4,5,6,7\n${issueOf(g, at)}-x,${iso},1,2,3,4,5,6,7\n`;
    for (const call of [
      () => draw.call('POST', IMPORT, { csv, update: true }),
      () => admin('POST', IMPORT, { csv, update: true }),
    ]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ inserted: 0, updated: 0 });
      expect(res.json().data.problems).toEqual([
        { line: 2, message: expect.stringContaining('尚未到开奖时间') },
      ]);
    }
    expect(await t.app.repos.draws.get(110, '2025004')).toBeUndefined();
    const latest = await t.app.inject({ url: '/app-api/api/v2/draws/latest?gameId=110' });
    expect(latest.json().data.issue).not.toBe(`${issueOf(g, at)}-x`);
  });

  it('refuses a ball for a draw not yet open, and every write of numbers before its time', async () => {
    const g = (await t.app.draws.game(110))!;
    const at = nextDrawAt(g, new Date(Date.now() + 60_000));
    const waiting: DrawRecord = {
      gameId: 110,
      issue: issueOf(g, at),
      drawAt: at.toISOString(),
      year: zonedParts(at, g.timezone).year,
      status: 'waiting',
      numbers: [],
    };
    // A draw stored ahead without numbers is how a draw waits; its numbers must wait too.
    expect(await t.app.repos.draws.insert(waiting)).toBe(true);
    expect(
      (await admin('PUT', '/app-api/admin/games/110/source', { source: 'manual' })).statusCode,
    ).toBe(200);
    const ball = await admin('POST', '/app-api/admin/draws/110/balls', {
      issue: waiting.issue,
      number: 8,
    });
    expect(ball.statusCode).toBe(400);
    expect(ball.json().msg).toContain('尚未到开奖时间');
    const early = { ...waiting, issue: `${waiting.issue}-b`, numbers: ['01'] };
    await expect(t.app.repos.draws.insert(early)).rejects.toMatchObject({ code: 'REQ/INVALID' });
    await expect(t.app.repos.draws.insertMany([early])).rejects.toMatchObject({
      code: 'REQ/INVALID',
    });
    expect(
      await t.app.repos.draws.advance(waiting, [], { numbers: ['01'], status: 'drawing' }),
    ).toBe(false);
    await expect(
      storeResults({ repos: t.app.repos }, 110, [{ ...waiting, numbers: ['01'] }], {
        change: 'import',
        writer: { kind: 'cli', name: 'test' },
        onExisting: 'update',
      }),
    ).rejects.toMatchObject({ code: 'REQ/INVALID' });
    expect(await numbersOf(waiting.issue)).toEqual([]);
  });
});
