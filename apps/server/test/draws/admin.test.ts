import path from 'node:path';
import type { DrawSnapshot } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { listenForCli, runCli } from '../helpers/cli.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'O8-ca94curW7K21DV_CT-RCKCpkRwSTh5dofyzos';
const auth = { authorization: `Bearer ${TOKEN}` };
// 21:40 in Macau on 1 March 2026: draw 2026060 of game 110 (21:32) is due.
const NOW = Date.parse('2026-03-01T13:40:00Z');
const CLI = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');

describe('admin draw API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: TOKEN }, { draws: { clock: clockFrom(NOW) } });
  });
  afterAll(() => t.close());

  const ball = (gameId: number, body: object, headers: Record<string, string> = auth) =>
    t.app.inject({
      method: 'POST',
      url: `/app-api/admin/draws/${gameId}/balls`,
      headers,
      payload: body,
    });
  const setSource = (gameId: number, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/app-api/admin/games/${gameId}/source`,
      headers: auth,
      payload: body,
    });

  it('does not exist without ADMIN_TOKEN', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/app-api/admin/draws/110/balls',
        headers: auth,
        payload: { number: '07' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await off.close();
    }
  });

  it('needs the token: 401 without it, 403 when wrong, no XSRF pair needed', async () => {
    const none = await ball(110, { number: '07' }, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UC/UNAUTHORIZED' });
    const wrong = await ball(110, { number: '07' }, { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'REQ/FORBIDDEN' });
    const get = await t.app.inject({ url: '/app-api/admin/games/110/source', headers: auth });
    expect(get.json()).toMatchObject({
      code: 'OK',
      msg: 'ok',
      data: { gameId: 110, source: 'simulator', upstreamUrl: null, upstreamGameId: null },
    });
  });

  it('refuses balls for a game that is not manual, and bad source settings', async () => {
    const res = await ball(110, { number: '07' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQ/INVALID');
    expect((await setSource(110, { source: 'upstream' })).statusCode).toBe(400);
    expect((await setSource(110, { source: 'robot' })).statusCode).toBe(400);
    expect((await setSource(999, { source: 'manual' })).statusCode).toBe(404);
  });

  it('takes an operator’s balls one by one, publishing each, then finishes the draw', async () => {
    expect((await setSource(110, { source: 'manual' })).json().data.source).toBe('manual');
    // The history page is kept as ready bytes between requests: read it before the draw.
    const historyUrl = '/app-api/api/v2/draws/history?gameId=110&page=1&pageSize=5';
    const before = await t.app.inject(historyUrl);
    expect(before.json().data.items[0]?.issue).not.toBe('2026060');
    const published: DrawSnapshot[] = [];
    t.app.liveHub.subscribe(110, (s) => published.push(s));
    const numbers = ['07', '19', '3', '44', '25', '31'];
    for (const [i, n] of numbers.entries()) {
      const res = await ball(110, { number: n });
      expect(res.statusCode, n).toBe(200);
      expect(res.json().data).toMatchObject({ issue: '2026060', status: 'drawing' });
      expect(res.json().data.numbers).toHaveLength(i + 1);
      // The latest answers are ready bytes kept between requests: a new ball is in them at once.
      const latest = await t.app.inject('/app-api/api/v2/draws/latest?gameId=110');
      expect(latest.json().data.numbers).toHaveLength(i + 1);
      const home = await t.app.inject('/app-api/api/v2/draws/latest');
      const g110 = (home.json().data as { gameId: number; numbers: string[] }[]).find(
        (d) => d.gameId === 110,
      );
      expect(g110?.numbers).toHaveLength(i + 1);
    }
    const dup = await ball(110, { number: '07' });
    expect(dup.statusCode).toBe(400);
    expect((await ball(110, { number: '50' })).statusCode).toBe(400);
    expect((await ball(110, { number: 'x' })).statusCode).toBe(400);
    const last = await ball(110, { number: 49, issue: '2026060' });
    expect(last.json().data).toMatchObject({
      status: 'done',
      numbers: ['07', '19', '03', '44', '25', '31', '49'],
      nextIssue: '2026061',
    });
    expect(published.map((s) => s.numbers.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The finished draw is on the first page at once, with a new tag.
    const after = await t.app.inject(historyUrl);
    expect(after.json().data.items[0]).toMatchObject({ issue: '2026060', status: 'done' });
    expect(after.json().data.total).toBe(before.json().data.total + 1);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const stored = await t.app.repos.draws.get(110, '2026060');
    expect(stored).toMatchObject({ status: 'done', numbers: last.json().data.numbers });
    // A finished draw takes no more balls; a future issue cannot be invented.
    expect((await ball(110, { number: '01', issue: '2026060' })).statusCode).toBe(400);
    expect((await ball(110, { number: '01', issue: '2026099' })).statusCode).toBe(404);
    expect((await ball(110, { number: '01' })).statusCode).toBe(400);
  });

  it('has a CLI with clear errors', async () => {
    const url = await listenForCli(t.app);
    const cli = (args: string[], token = TOKEN) =>
      runCli(CLI, [...args, '--url', url], { ADMIN_TOKEN: token });
    const shown = await cli(['source', '--game', '111']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.out)).toMatchObject({ gameId: 111, source: 'simulator' });
    expect((await cli(['source', '--game', '111', '--source', 'manual'])).code).toBe(0);
    // 111 draws Tue/Thu/Sat; the last one due was Saturday 28 February: 2026025.
    const ok = await cli(['ball', '--game', '111', '--number', '8']);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toContain('08');
    const refused = await cli(['ball', '--game', '111', '--number', '8'], 'wrong-token-000000000');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('token refused');
    const dup = await cli(['ball', '--game', '111', '--number', '08']);
    expect(dup.code).toBe(1);
    expect(dup.err).toMatch(/已开出/);
    const usage = await cli(['ball', '--number', '8']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--game');
  });
});
