// The hkjc feed client against a loopback stand-in answering in the exact shape of
// data/hkjc/README.md: the query asks for the README's fields under its operation name, and the
// next draw's announced first prize and sale close are read from the fields it names.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Game } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHkjcClient } from '../../src/services/draws/feeds/hkjc-client.ts';
import { DEMO_GAMES } from '../../src/services/seed/demo-content.ts';
import { HKJC_RECORDED, hkjcUpcoming, type HkjcDraw } from '../helpers/feed-standins.ts';

const HK = DEMO_GAMES.find((g) => g.id === 111)! as Game;
const [D086] = HKJC_RECORDED as [HkjcDraw];
// The fields data/hkjc/README.md lists, in its words.
const README_FIELDS = [
  'id', 'year', 'no', 'openDate', 'closeDate', 'drawDate', 'status', 'snowballCode',
  'snowballName_en', 'snowballName_ch', 'lotteryPool', 'sell', 'totalInvestment', 'jackpot',
  'unitBet', 'estimatedPrize', 'derivedFirstPrizeDiv', 'lotteryPrizes', 'type', 'winningUnit',
  'dividend', 'drawResult', 'drawnNo', 'xDrawnNo',
]; // prettier-ignore

describe('hkjc client', () => {
  let server: http.Server;
  let url = '';
  const asked: { operationName: string; query: string; variables: Record<string, unknown> }[] = [];
  let next: HkjcDraw[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const q = JSON.parse(body) as (typeof asked)[0];
        asked.push(q);
        const draws =
          q.operationName === 'marksixResult'
            ? HKJC_RECORDED.slice(0, Number(q.variables.lastNDraw ?? 12))
            : next;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { lotteryDraws: draws } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql/base/`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("asks marksixResult for the README's fields and reads the next draw's prize and sale close", async () => {
    const coming = { ...hkjcUpcoming(D086, '18000000'), no: 87, id: '202687N' };
    coming.drawDate = '2026-08-11+08:00';
    coming.closeDate = '2026-08-11T21:15:00+08:00';
    next = [coming, D086];
    asked.length = 0;
    const got = await createHkjcClient(url, HK).latest();

    const results = asked.find((q) => q.operationName === 'marksixResult')!;
    expect(results.query).toMatch(
      /lotteryDraws\(lastNDraw: \$lastNDraw, startDate: \$startDate, endDate: \$endDate, drawType: \$drawType\)/,
    );
    const words = new Set(results.query.match(/[A-Za-z_]+/g));
    for (const f of README_FIELDS) expect(words.has(f), f).toBe(true);
    expect(results.variables).toMatchObject({ lastNDraw: 3, drawType: 'All' });

    expect(got.draws[0]).toMatchObject({
      issue: '2026086',
      numbers: ['01', '03', '07', '31', '32', '49', '47'],
      complete: true,
    });
    // winningUnit 5 at HK$10 a unit is half a unit; dividends per unit.
    expect(got.draws[0]!.prizes?.divisions[0]).toEqual({
      division: 1,
      winners: 0.5,
      dividend: 8_000_000,
    });
    expect(got.draws[0]!.prizes).toMatchObject({ turnover: 37_885_574, jackpot: 986_625 });
    expect(got.upcoming).toEqual({
      issue: '2026087',
      drawAt: '2026-08-11T13:30:00.000Z',
      estimatedPrize: 18_000_000,
      salesCloseAt: '2026-08-11T13:15:00.000Z',
    });
  });

  it('takes the earliest draw still to come, and null for what it does not announce', async () => {
    const later = { ...hkjcUpcoming(D086, '30000000'), no: 88, id: '202688N' };
    later.drawDate = '2026-08-13+08:00';
    const bare = { ...hkjcUpcoming(D086, ''), no: 87, id: '202687N', closeDate: '' };
    bare.drawDate = '2026-08-11+08:00';
    next = [bare, later];
    const got = await createHkjcClient(url, HK).latest();
    expect(got.upcoming).toEqual({
      issue: '2026087',
      drawAt: '2026-08-11T13:30:00.000Z',
      estimatedPrize: null,
      salesCloseAt: null,
    });
    // The README's announced first prize (derivedFirstPrizeDiv) before estimatedPrize.
    const both = hkjcUpcoming(D086, '18000000');
    next = [{ ...both, lotteryPool: { ...both.lotteryPool, estimatedPrize: '25000000' } }];
    expect((await createHkjcClient(url, HK).latest()).upcoming?.estimatedPrize).toBe(18_000_000);
    next = [D086];
    expect((await createHkjcClient(url, HK).latest()).upcoming).toBeUndefined();
  });
});
