import path from 'node:path';
import { issueOf, type CalendarChange, type DrawCalendar } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { buildTestApp, createTestApp, createTestEnv, type TestApp } from '../helpers/test-app.ts';
import { listenForCli, runCli } from '../helpers/cli.ts';
import { waitFor } from './draw-helpers.ts';

const TOKEN = 'O8-ca94curW7K21DV_CT-RCKCpkRwSTh5dofyzos';
const auth = { authorization: `Bearer ${TOKEN}` };
const CLI = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');
const hk = { drawTime: '21:30', drawDays: [2, 4, 6], timezone: 'Asia/Hong_Kong' };
// Tuesday 1 December 2026, noon in Hong Kong.
const NOW = Date.parse('2026-12-01T04:00:00Z');

describe('draw calendar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: TOKEN }, { draws: { clock: clockFrom(NOW) } });
  });
  afterAll(() => t.close());

  const month = async (gameId: number, m: string) => {
    const res = await t.app.inject({
      url: `/app-api/api/v2/draws/calendar?gameId=${gameId}&month=${m}`,
    });
    return { status: res.statusCode, body: res.json() as { code: string; data: DrawCalendar } };
  };
  const put = (gameId: number, date: string, body: unknown, headers = auth) =>
    t.app.inject({
      method: 'PUT',
      url: `/app-api/admin/games/${gameId}/calendar/${date}`,
      headers,
      payload: body as object,
    });
  const del = (gameId: number, date: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/app-api/admin/games/${gameId}/calendar/${date}`,
      headers: auth,
    });

  it('lists each draw day of a month with its issue and time, and the next draw', async () => {
    const { status, body } = await month(111, '2026-12');
    expect(status).toBe(200);
    const days = body.data.days;
    // Tuesdays, Thursdays and Saturdays of December 2026.
    expect(days.map((d) => d.date.slice(8))).toEqual([
      '01',
      '03',
      '05',
      '08',
      '10',
      '12',
      '15',
      '17',
      '19',
      '22',
      '24',
      '26',
      '29',
      '31',
    ]);
    for (const d of days) {
      expect(d.draws).toHaveLength(1);
      expect(d.draws[0]!.issue).toBe(issueOf(hk, new Date(d.draws[0]!.drawAt)));
    }
    expect(body.data.next).toEqual({
      issue: days[0]!.draws[0]!.issue,
      drawAt: '2026-12-01T13:30:00.000Z',
    });
    expect(body.data.timezone).toBe('Asia/Hong_Kong');
    // Every day of the daily game.
    expect((await month(110, '2026-02')).body.data.days).toHaveLength(28);
  });

  it('refuses bad months, unknown games and games drawing every few minutes', async () => {
    for (const m of ['2026-13', '2026-1', '1999-12', '2026-12-01', 'x']) {
      expect((await month(111, m)).status).toBe(400);
    }
    expect((await month(999, '2026-12')).status).toBe(404);
    const fast = await month(120, '2026-12');
    expect([fast.status, fast.body.code]).toEqual([400, 'REQ/INVALID']);
  });

  it('takes an operator’s exceptions, which the calendar and the schedule then follow', async () => {
    const moved = { kind: 'moved', drawAt: '2026-12-06T13:30:00.000Z', note: '赛马日改期' };
    const res = await put(111, '2026-12-05', moved);
    expect(res.statusCode).toBe(200);
    expect(
      (await put(111, '2026-12-10', { kind: 'skipped', drawAt: null, note: '台风停开' }))
        .statusCode,
    ).toBe(200);
    const added = { kind: 'added', drawAt: '2026-12-25T13:30:00.000Z', note: '圣诞加开' };
    expect((await put(111, '2026-12-25', added)).statusCode).toBe(200);

    const { body } = await month(111, '2026-12');
    const byDate = new Map(body.data.days.map((d) => [d.date, d]));
    expect(byDate.get('2026-12-05')).toMatchObject({
      draws: [],
      change: { kind: 'moved', note: '赛马日改期' },
    });
    const sunday = byDate.get('2026-12-06')!;
    expect(sunday.movedFrom).toBe('2026-12-05');
    // A moved draw keeps its number.
    expect(sunday.draws[0]!.issue).toBe(issueOf(hk, new Date('2026-12-05T13:30:00Z')));
    expect(byDate.get('2026-12-10')).toMatchObject({ draws: [], change: { kind: 'skipped' } });
    // After a skipped day the numbers move up by one; the added draw takes one.
    const regular12 = issueOf(hk, new Date('2026-12-12T13:30:00Z'));
    expect(byDate.get('2026-12-12')!.draws[0]!.issue).toBe(String(Number(regular12) - 1));
    expect(byDate.get('2026-12-26')!.draws[0]!.issue).toBe(
      issueOf(hk, new Date('2026-12-26T13:30:00Z')),
    );

    const list = await t.app.inject({ url: '/app-api/admin/games/111/calendar', headers: auth });
    expect((list.json().data as CalendarChange[]).map((c) => c.date)).toEqual([
      '2026-12-05',
      '2026-12-10',
      '2026-12-25',
    ]);
    // Removed, the day is back on the regular schedule.
    expect((await del(111, '2026-12-10')).statusCode).toBe(200);
    expect(
      (await month(111, '2026-12')).body.data.days.find((d) => d.date === '2026-12-10')?.draws,
    ).toHaveLength(1);
    expect((await del(111, '2026-12-10')).statusCode).toBe(404);
  });

  it('refuses exceptions that would break the calendar, and keeps nothing of them', async () => {
    const code = async (date: string, body: unknown, gameId = 111) => {
      const res = await put(gameId, date, body);
      return [res.statusCode, res.json().code];
    };
    const bad = [400, 'REQ/INVALID'];
    // A past draw; today's, still to come at noon, may still change (and go back).
    expect(await code('2026-11-28', { kind: 'skipped', drawAt: null, note: 'x' })).toEqual(bad);
    expect(await code('2026-12-01', { kind: 'skipped', drawAt: null, note: 'x' })).toEqual([
      200,
      'OK',
    ]);
    expect((await del(111, '2026-12-01')).statusCode).toBe(200);
    // Not a draw day; no such day; a time for a skipped day, none for a moved one.
    expect(await code('2026-12-02', { kind: 'skipped', drawAt: null, note: 'x' })).toEqual(bad);
    expect(await code('2026-02-30', { kind: 'skipped', drawAt: null, note: 'x' })).toEqual(bad);
    expect(
      await code('2026-12-15', { kind: 'skipped', drawAt: '2026-12-16T13:30:00Z', note: 'x' }),
    ).toEqual(bad);
    expect(await code('2026-12-15', { kind: 'moved', drawAt: null, note: 'x' })).toEqual(bad);
    // Moved onto a day that has a draw, more than a week, or into the next year.
    expect(
      await code('2026-12-15', { kind: 'moved', drawAt: '2026-12-17T13:30:00Z', note: 'x' }),
    ).toEqual(bad);
    expect(
      await code('2026-12-15', { kind: 'moved', drawAt: '2026-12-23T13:30:00Z', note: 'x' }),
    ).toEqual(bad);
    expect(
      await code('2026-12-31', { kind: 'moved', drawAt: '2027-01-01T13:30:00Z', note: 'x' }),
    ).toEqual(bad);
    // An added draw on another day than its own, or on a draw day.
    expect(
      await code('2026-12-16', { kind: 'added', drawAt: '2026-12-18T13:30:00Z', note: 'x' }),
    ).toEqual(bad);
    expect(
      await code('2026-12-17', { kind: 'added', drawAt: '2026-12-17T10:30:00Z', note: 'x' }),
    ).toEqual(bad);
    // Schema: no note, a note too long, an unknown kind; markup is kept as text.
    expect(await code('2026-12-15', { kind: 'skipped', drawAt: null })).toEqual(bad);
    expect(
      await code('2026-12-15', { kind: 'skipped', drawAt: null, note: 'x'.repeat(201) }),
    ).toEqual(bad);
    // Fields of no schema are dropped (Fastify's default), never stored.
    expect(
      await code('2026-12-22', { kind: 'skipped', drawAt: null, note: '<b>x</b>', admin: true }),
    ).toEqual([200, 'OK']);
    const kept = await t.app.inject({ url: '/app-api/admin/games/111/calendar', headers: auth });
    expect((kept.json().data as CalendarChange[]).find((c) => c.date === '2026-12-22')).toEqual({
      date: '2026-12-22',
      kind: 'skipped',
      drawAt: null,
      note: '<b>x</b>',
    });
    expect((await del(111, '2026-12-22')).statusCode).toBe(200);
    expect(await code('2026-12-15', { kind: 'gone', drawAt: null, note: 'x' })).toEqual(bad);
    // The 5-minute game has no calendar.
    expect(await code('2026-12-15', { kind: 'skipped', drawAt: null, note: 'x' }, 120)).toEqual(
      bad,
    );
    const list = await t.app.inject({ url: '/app-api/admin/games/111/calendar', headers: auth });
    expect((list.json().data as CalendarChange[]).map((c) => c.date)).not.toContain('2026-12-15');
    // Without the token, nothing.
    expect(
      (
        await put(
          111,
          '2026-12-15',
          { kind: 'skipped', drawAt: null, note: 'x' },
          {} as typeof auth,
        )
      ).statusCode,
    ).toBe(401);
  });

  it('has a CLI to list, set and remove exceptions', async () => {
    const url = await listenForCli(t.app);
    const cli = (args: string[]) => runCli(CLI, [...args, '--url', url], { ADMIN_TOKEN: TOKEN });
    const set = await cli([
      'calendar',
      '--game',
      '111',
      '--date',
      '2026-12-19',
      '--kind',
      'moved',
      '--at',
      '2026-12-20T21:30+08:00',
      '--note',
      '赛马日改期',
    ]);
    expect(set).toMatchObject({ code: 0 });
    expect(set.out).toContain('2026-12-19');
    const shown = await cli(['calendar', '--game', '111']);
    expect(shown.out).toContain('2026-12-19 moved 2026-12-20T13:30:00.000Z 赛马日改期');
    const refused = await cli([
      'calendar',
      '--game',
      '111',
      '--date',
      '2026-12-02',
      '--kind',
      'skipped',
      '--note',
      'x',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('该日不是开奖日');
    const removed = await cli(['calendar', '--game', '111', '--date', '2026-12-19', '--remove']);
    expect(removed.code).toBe(0);
    expect((await cli(['calendar', '--game', '111'])).out).not.toContain('2026-12-19');
  });
});

describe('the engine follows the calendar', () => {
  it('draws a moved draw at its new time under its own issue, and nothing on the old day', async () => {
    const env = await createTestEnv();
    // Saturday 28 February 2026 21:30 in Hong Kong, moved to Sunday 1 March 21:30.
    const saturday = Date.parse('2026-02-28T13:30:00.000Z');
    const sunday = Date.parse('2026-03-01T13:30:00.000Z');
    const app = await buildTestApp(
      env,
      { drawEngine: true, drawBallIntervalMs: 20 },
      {
        draws: { clock: clockFrom(sunday - 1_500) },
        extend: async (a) => {
          await a.repos.calendar.put(
            111,
            {
              date: '2026-02-28',
              kind: 'moved',
              drawAt: new Date(sunday).toISOString(),
              note: '赛马日改期',
            },
            new Date(saturday - 86_400_000).toISOString(),
          );
        },
      },
    );
    try {
      const issue = issueOf(hk, new Date(saturday));
      const drawn = await waitFor(
        async () => {
          const d = await app.repos.draws.get(111, issue);
          return d?.status === 'done' ? d : undefined;
        },
        15_000,
        'the moved draw',
      );
      expect(drawn.drawAt).toBe(new Date(sunday).toISOString());
      const rows = await app.repos.draws.pageDone(111, { limit: 5 });
      expect(rows.map((r) => r.drawAt)).not.toContain(new Date(saturday).toISOString());
      const latest = await app.inject({ url: '/app-api/api/v2/draws/latest?gameId=111' });
      expect(latest.json().data).toMatchObject({ issue, drawAt: new Date(sunday).toISOString() });
    } finally {
      await app.close();
      await env.cleanup();
    }
  });
});
