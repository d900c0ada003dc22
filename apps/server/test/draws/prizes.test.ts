import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { PrizeInput } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { seededRandom } from '../../src/services/draws/fair.ts';
import { recordSimulatedPrizes } from '../../src/services/draws/prize-record.ts';
import {
  buildTestApp,
  createTestApp,
  createTestEnv,
  type TestApp,
  type TestEnv,
} from '../helpers/test-app.ts';
import { listenForCli, runCli } from '../helpers/cli.ts';
import { waitFor } from './draw-helpers.ts';

const CLI = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');
const TOKEN = 'O8-ca94curW7K21DV_CT-RCKCpkRwSTh5dofyzos';
const auth = { authorization: `Bearer ${TOKEN}` };
// Saturday 28 February 2026, 21:30 in Hong Kong: a draw of game 111.
const HK_DRAW = Date.parse('2026-02-28T13:30:00.000Z');

const record = (over: Partial<PrizeInput> = {}): PrizeInput => ({
  divisions: [
    { division: 1, winners: 0, dividend: null },
    { division: 2, winners: 2.5, dividend: 1_234_560 },
    { division: 3, winners: 101, dividend: 70_110 },
    { division: 4, winners: 377, dividend: 9_600 },
    { division: 5, winners: 9_114, dividend: 640 },
    { division: 6, winners: 12_310, dividend: 320 },
    { division: 7, winners: 160_004, dividend: 40 },
  ],
  turnover: 98_765_430,
  jackpot: 36_120_000,
  snowball: null,
  ...over,
});

describe('prize records of the Hong Kong game', () => {
  describe('from the simulator', () => {
    let env: TestEnv;
    let app: FastifyInstance;
    beforeEach(async () => {
      env = await createTestEnv();
    });
    afterEach(async () => {
      await app?.close();
      await env.cleanup();
    });

    it('come with each finished draw, and every answer that shows the draw carries them', async () => {
      // The draw before it, with a record whose first division nobody won.
      const setup = await buildTestApp(env, {}, {});
      const previous = { issue: '2026022', drawAt: '2026-02-26T13:30:00.000Z' };
      await setup.repos.draws.insert({
        gameId: 111,
        ...previous,
        year: 2026,
        status: 'done',
        numbers: ['01', '02', '03', '04', '05', '06', '07'],
      });
      const before = await setup.repos.prizes.put(111, previous, record(), previous.drawAt);
      await setup.close();
      app = await buildTestApp(
        env,
        { drawEngine: true, drawBallIntervalMs: 20 },
        { draws: { clock: clockFrom(HK_DRAW - 1_000) } },
      );
      const live = await waitFor(
        async () => {
          const rows = await app.repos.draws.pageDone(111, { limit: 5 });
          const d = rows.find((r) => r.drawAt === new Date(HK_DRAW).toISOString());
          return d && (await app.repos.prizes.get(111, d.issue)) ? d : undefined;
        },
        10_000,
        'the live draw and its prizes',
      );
      // The jackpot the draw before carried is in this one's first division.
      const mine = (await app.repos.prizes.get(111, live.issue))!;
      const first = mine.divisions[0]!;
      if (first.winners === null || before.jackpot === null) throw new Error('a simulated record');
      if (first.winners === 0) expect(mine.jackpot).toBeGreaterThanOrEqual(before.jackpot);
      else expect(first.dividend! * first.winners).toBeGreaterThanOrEqual(before.jackpot - 1);

      const latest = await app.inject({ url: '/app-api/api/v2/draws/latest?gameId=111' });
      expect(latest.json().data).toMatchObject({ issue: live.issue, prizes: mine });
      const history = await app.inject({ url: '/app-api/api/v2/draws/history?gameId=111' });
      const items = history.json().data.items as { issue: string; prizes?: unknown }[];
      expect(items.map((i) => i.prizes)).toEqual([mine, before]);
      const detail = await app.inject({ url: `/app-api/api/v2/draws/111/${live.issue}` });
      expect(detail.json().data.prizes).toEqual(mine);
      // Other games have none.
      const macau = await app.inject({ url: '/app-api/api/v2/draws/history?gameId=110' });
      for (const item of macau.json().data.items) expect(item).not.toHaveProperty('prizes');
    });
  });

  it('come from an upstream that has them, and a record that does not hold together is left out', async () => {
    const env = await createTestEnv();
    const theirs = { ...record({ snowball: '金多宝' }), updatedAt: '2026-02-28T14:00:00.000Z' };
    let prizes: unknown = theirs;
    const draw = () => ({
      issue: '2026023',
      drawAt: new Date(HK_DRAW).toISOString(),
      status: 'done',
      numbers: ['11', '22', '33', '44', '05', '06', '17'],
      prizes,
    });
    const fake = http.createServer((req, res) => {
      const data = req.url?.includes('/history') ? { items: [draw()] } : draw();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'OK', msg: 'ok', data }));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    const down = await buildTestApp(
      env,
      { drawEngine: true, drawUpstreamPollMs: 50 },
      {
        draws: { clock: clockFrom(HK_DRAW + 60_000) },
        extend: async (a) => {
          await a.repos.drawSources.set({
            gameId: 111,
            source: 'upstream',
            upstreamUrl: url,
            upstreamGameId: null,
          });
        },
      },
    );
    try {
      const stored = await waitFor(
        () => down.repos.prizes.get(111, '2026023'),
        10_000,
        "the upstream's prize record",
      );
      const { updatedAt: _, ...input } = theirs;
      expect(stored).toMatchObject(input);
      const latest = await down.inject({ url: '/app-api/api/v2/draws/latest?gameId=111' });
      expect(latest.json().data.prizes).toMatchObject({ snowball: '金多宝' });

      // The upstream corrects its record: we take the correction.
      prizes = { ...theirs, turnover: 123_456_780 };
      await waitFor(
        async () => (await down.repos.prizes.get(111, '2026023'))?.turnover === 123_456_780,
        10_000,
        'the corrected record',
      );
      // One that does not hold together (a dividend for a division nobody won) is not taken.
      const broken = record();
      broken.divisions[0] = { division: 1, winners: 0, dividend: 5_000_000 };
      prizes = { ...broken, jackpot: 1 };
      await new Promise((r) => setTimeout(r, 500));
      expect((await down.repos.prizes.get(111, '2026023'))?.jackpot).toBe(record().jackpot);
    } finally {
      await down.close();
      fake.closeAllConnections();
      await new Promise((r) => fake.close(r));
      await env.cleanup();
    }
  });

  it('chain the jackpot from one draw to the next, and keep what an operator entered', async () => {
    const t = await createTestApp();
    try {
      const draws = Array.from({ length: 40 }, (_, i) => ({
        issue: `2025${String(i + 1).padStart(3, '0')}`,
        drawAt: new Date(Date.parse('2025-01-02T13:30:00Z') + i * 3 * 86_400_000).toISOString(),
      }));
      const entered = await t.app.repos.prizes.put(111, draws[10]!, record(), draws[10]!.drawAt);
      const made = await recordSimulatedPrizes(
        t.app.repos,
        111,
        draws,
        seededRandom('chain'),
        '2025-06-01T00:00:00.000Z',
      );
      expect(made).toBe(39);
      const all = await t.app.repos.prizes.forIssues(
        111,
        draws.map((d) => d.issue),
      );
      expect(all.get(draws[10]!.issue)).toEqual(entered);
      let carried = 0;
      let rolled = 0;
      for (const d of draws) {
        const r = all.get(d.issue)!;
        const first = r.divisions[0]!;
        if (first.winners === null || r.jackpot === null) throw new Error('a simulated record');
        if (first.winners === 0) {
          expect(r.jackpot).toBeGreaterThanOrEqual(carried);
          rolled += 1;
        } else expect(first.dividend! * first.winners).toBeGreaterThan(carried - first.winners);
        carried = r.jackpot;
      }
      expect(rolled).toBeGreaterThan(0);
      // Not for a game without prize records.
      expect(await recordSimulatedPrizes(t.app.repos, 110, draws, seededRandom('x'), '')).toBe(0);
    } finally {
      await t.close();
    }
  });

  describe('entered by an operator', () => {
    let t: TestApp;
    const put = (gameId: number, issue: string, body: unknown, headers = auth) =>
      t.app.inject({
        method: 'PUT',
        url: `/app-api/admin/draws/${gameId}/${issue}/prizes`,
        headers,
        payload: body as object,
      });
    beforeAll(async () => {
      t = await createTestApp({ adminToken: TOKEN });
      for (const [gameId, issue, status] of [
        [111, '2026020', 'done'],
        [111, '2026021', 'drawing'],
        [110, '2026050', 'done'],
      ] as const) {
        await t.app.repos.draws.insert({
          gameId,
          issue,
          drawAt: `2026-02-${issue.slice(-2)}T13:30:00.000Z`,
          year: 2026,
          status,
          numbers: ['01', '02', '03', '04', '05', '06', '07'].slice(0, status === 'done' ? 7 : 3),
        });
      }
    });
    afterAll(() => t.close());

    it('replaces the record, and the draw shows it at once', async () => {
      const before = await t.app.inject({ url: '/app-api/api/v2/draws/history?gameId=111' });
      expect(before.json().data.items[0]).not.toHaveProperty('prizes');
      const body = record({ snowball: '<img src=x onerror=alert(1)>金多宝' });
      const res = await put(111, '2026020', body);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject(body);
      const after = await t.app.inject({ url: '/app-api/api/v2/draws/history?gameId=111' });
      // Stored and sent as text, never as markup.
      expect(after.json().data.items[0].prizes).toMatchObject(body);
      const again = await put(111, '2026020', record({ jackpot: 0, snowball: null }));
      expect(again.json().data.jackpot).toBe(0);
      const detail = await t.app.inject({ url: '/app-api/api/v2/draws/111/2026020' });
      expect(detail.json().data.prizes).toMatchObject({ jackpot: 0, snowball: null });
    });

    it('needs the admin token', async () => {
      expect((await put(111, '2026020', record(), {} as typeof auth)).statusCode).toBe(401);
      const wrong = { authorization: `Bearer ${TOKEN}x` };
      expect((await put(111, '2026020', record(), wrong)).statusCode).toBe(403);
    });

    it('refuses other games, unfinished or unknown draws and records that do not hold together', async () => {
      const code = async (gameId: number, issue: string, body: unknown) => {
        const res = await put(gameId, issue, body);
        return [res.statusCode, res.json().code];
      };
      expect(await code(110, '2026050', record())).toEqual([400, 'REQ/INVALID']);
      expect(await code(111, '2026021', record())).toEqual([400, 'REQ/INVALID']);
      expect(await code(111, '2026099', record())).toEqual([404, 'NOT_FOUND']);
      const swapped = record();
      swapped.divisions = [...swapped.divisions].reverse();
      expect(await code(111, '2026020', swapped)).toEqual([400, 'REQ/INVALID']);
      const noDividend = record();
      noDividend.divisions[2] = { division: 3, winners: 5, dividend: null };
      expect(await code(111, '2026020', noDividend)).toEqual([400, 'REQ/INVALID']);
      for (const bad of [
        { ...record(), divisions: [...record().divisions, record().divisions[6]!] },
        { ...record(), turnover: -1 },
        { ...record(), snowball: 'x'.repeat(300) },
        { ...record(), divisions: record().divisions.map((d) => ({ ...d, winners: 0.25 })) },
        [],
        null,
      ])
        expect(await code(111, '2026020', bad)).toEqual([400, 'REQ/INVALID']);
      // Nothing of that was kept.
      const detail = await t.app.inject({ url: '/app-api/api/v2/draws/111/2026020' });
      expect(detail.json().data.prizes.turnover).toBe(record().turnover);
    });
    it('has a CLI that sends a record from a file, and says why one is refused', async () => {
      const url = await listenForCli(t.app);
      const cli = (args: string[]) => runCli(CLI, [...args, '--url', url], { ADMIN_TOKEN: TOKEN });
      const file = path.join(t.env.dataDir, 'record.json');
      const body = record({ turnover: 55_555_550 });
      body.divisions[0] = { division: 1, winners: 1.5, dividend: 8_000_000 };
      await writeFile(file, JSON.stringify(body));
      const saved = await cli(['prizes', '--game', '111', '--issue', '2026020', '--file', file]);
      expect(saved).toMatchObject({ code: 0 });
      expect(saved.out).toContain('头奖 1.5 注');
      const detail = await t.app.inject({ url: '/app-api/api/v2/draws/111/2026020' });
      expect(detail.json().data.prizes).toMatchObject({ turnover: 55_555_550 });

      await writeFile(file, '{ not json');
      const broken = await cli(['prizes', '--game', '111', '--issue', '2026020', '--file', file]);
      expect(broken.code).toBe(2);
      expect(broken.err).toContain('无法读取派彩记录');
      const missing = await cli(['prizes', '--game', '111', '--file', file]);
      expect(missing.err).toContain('--issue');
      await writeFile(file, JSON.stringify(record()));
      const macau = await cli(['prizes', '--game', '110', '--issue', '2026050', '--file', file]);
      expect(macau.code).toBe(1);
      expect(macau.err).toMatch(/失败 .*HTTP 400/);
    });
  });
});
