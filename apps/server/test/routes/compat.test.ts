// Compatible output: our draws in the common Macau feed's and opencai's shapes, by short code.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPAT_CACHE_MAX } from '../../src/routes/compat/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('compatible output', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    await app.repos.draws.insertMany([
      {
        gameId: 111,
        issue: '1993001',
        drawAt: '1993-01-05T13:30:00.000Z',
        year: 1993,
        status: 'done',
        numbers: ['01', '08', '13', '24', '35', '43', '33'],
        source: 'import',
      },
      {
        gameId: 111,
        issue: '2026085',
        drawAt: '2026-08-06T13:30:00.000Z',
        year: 2026,
        status: 'done',
        numbers: ['05', '12', '19', '26', '33', '40', '47'],
        source: 'import',
      },
      {
        gameId: 111,
        issue: '2026086',
        drawAt: '2026-08-08T13:30:00.000Z',
        year: 2026,
        status: 'done',
        numbers: ['01', '03', '07', '31', '32', '49', '47'],
        source: 'import',
      },
      {
        gameId: 110,
        issue: '2026300',
        drawAt: '2026-10-27T13:32:00.000Z',
        year: 2026,
        status: 'drawing',
        numbers: ['02', '14'],
        source: 'simulator',
      },
      {
        gameId: 110,
        issue: '2026299',
        drawAt: '2026-10-26T13:32:00.000Z',
        year: 2026,
        status: 'done',
        numbers: ['01', '02', '03', '04', '05', '06', '07'],
        source: 'simulator',
      },
    ]);
    app.draws.invalidate(110);
    app.draws.invalidate(111);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the Macau latest call: the draw under way, ball by ball', async () => {
    const r = await app.inject('/compat/macaujc/api/macaujc2.com');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      {
        expect: '2026300',
        openTime: '2026-10-27 21:32:00',
        openCode: '02,14',
        wave: 'red,blue',
        zodiac: expect.stringMatching(/^[鼠牛虎兔龙蛇马羊猴鸡狗猪],[鼠牛虎兔龙蛇马羊猴鸡狗猪]$/),
        type: 110,
        info: '开奖中',
      },
    ]);
    const hk = (await app.inject('/compat/macaujc/api/hk6.com')).json();
    expect(hk).toHaveLength(1);
    expect(hk[0]).toMatchObject({ expect: '2026086', openCode: '01,03,07,31,32,49,47', info: '' });
  });

  it('answers a year and an issue in the Macau envelope, and opencai rows', async () => {
    const year = (await app.inject('/compat/macaujc/history/hk6/y/2026')).json();
    expect(year.code).toBe(200);
    expect(year.data.map((d: { expect: string }) => d.expect)).toEqual(['2026086', '2026085']);
    const old = (await app.inject('/compat/macaujc/history/hk6/expect/1993001')).json();
    expect(old).toMatchObject({
      code: 200,
      data: [
        { expect: '1993001', openTime: '1993-01-05 21:30:00', openCode: '01,08,13,24,35,43,33' },
      ],
    });
    expect((await app.inject('/compat/macaujc/history/hk6/expect/1993999')).json()).toEqual({
      code: 200,
      data: [],
    });
    const open = (await app.inject('/compat/opencai/hk6.json?rows=2')).json();
    expect(open).toEqual({
      rows: 2,
      code: 'hk6',
      data: [
        {
          expect: '2026086',
          opencode: '01,03,07,31,32,49+47',
          opentime: '2026-08-08 21:30:00',
          opentimestamp: Date.parse('2026-08-08T13:30:00Z') / 1000,
        },
        {
          expect: '2026085',
          opencode: '05,12,19,26,33,40+47',
          opentime: '2026-08-06 21:30:00',
          opentimestamp: Date.parse('2026-08-06T13:30:00Z') / 1000,
        },
      ],
    });
  });

  it('refuses unknown codes and bad input, and keeps a bounded cache', async () => {
    expect((await app.inject('/compat/macaujc/api/nosuch.com')).statusCode).toBe(404);
    expect((await app.inject('/compat/macaujc/api/hk6.json')).statusCode).toBe(400);
    expect((await app.inject('/compat/opencai/hk6.json?rows=51')).statusCode).toBe(400);
    expect((await app.inject('/compat/macaujc/history/hk6/y/abc')).statusCode).toBe(400);
    for (let i = 0; i < COMPAT_CACHE_MAX + 20; i++) {
      const r = await app.inject(`/compat/macaujc/history/hk6/expect/${3000000 + i}`);
      expect(r.statusCode).toBe(200);
    }
    // The answer of a new draw is not an old one kept.
    await app.repos.draws.insert({
      gameId: 111,
      issue: '2026087',
      drawAt: '2026-08-11T13:30:00.000Z',
      year: 2026,
      status: 'done',
      numbers: ['11', '12', '13', '14', '15', '16', '17'],
    });
    app.draws.invalidate(111);
    const open = (await app.inject('/compat/opencai/hk6.json?rows=1')).json();
    expect(open.data[0].expect).toBe('2026087');
  });
});
