// One visitor's big read must not hold everyone else's requests: exports are read in chunks
// with a turn of the event loop between two, and what one request may ask for is bounded.
// (The figures of the stall itself come from `npm run bench stall`; nothing here is timed.)
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CHUNK_ROWS, EXPORT_MAX_ROWS } from '../../src/services/draws/service.ts';
import { RENDERER_ADDRESS } from '../../src/lib/renderer-calls.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from './draw-helpers.ts';

const V2 = '/app-api/api/v2/draws';
// 400 days of the 5-minute game 120: more rows than one export may hold.
const DAYS = 400;

describe('heavy draw reads', () => {
  let t: TestApp;
  let base: string;
  const events: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { demoHistoryDays: DAYS },
      {
        extend: (app: FastifyInstance) => {
          app.addHook('onResponse', async (request) => {
            if (request.url.startsWith(`${V2}/latest`)) events.push('latest');
          });
        },
      },
    );
    const repo = t.app.repos.draws;
    const chunkDone = repo.chunkDone.bind(repo);
    repo.chunkDone = (...args) => {
      events.push('chunk');
      return chunkDone(...args);
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    // The older days are written in the background after start-up: wait for all of them.
    await waitFor(
      async () => (await t.app.repos.meta.get('seed.demo.draws.120')) === 'done',
      240_000,
      'demo history of game 120',
    );
  }, 300_000);
  afterAll(() => t.close());

  it('serves other requests between two chunks of an export', async () => {
    const year = new Date().getUTCFullYear() - 1;
    const rows = await t.app.repos.draws.countDone(120, year);
    expect(rows).toBeGreaterThan(EXPORT_CHUNK_ROWS * 10);
    events.length = 0;
    let exporting = true;
    // The export through inject: no socket, so no back-pressure that would pause it by chance;
    // only its own turns can let the event loop read anyone else's request.
    const exported = t.app
      .inject(`${V2}/export.csv?gameId=120&year=${year}`)
      .finally(() => (exporting = false));
    // A visitor polling the latest draw over a real connection, one request after another.
    let polls = 0;
    while (exporting && polls < 500) {
      await (await fetch(`${base}${V2}/latest?gameId=110`)).arrayBuffer();
      polls++;
    }
    const csv = (await exported).body;
    expect(csv.trim().split('\n')).toHaveLength(rows + 1);
    const first = events.indexOf('chunk');
    const last = events.lastIndexOf('chunk');
    const between = events.slice(first, last).filter((e) => e === 'latest').length;
    // Served while the export was still reading, not only before or after it.
    expect(between).toBeGreaterThan(1);
  });

  it('refuses an export over the row cap, asking for a year', async () => {
    expect(await t.app.repos.draws.countDone(120)).toBeGreaterThan(EXPORT_MAX_ROWS);
    const res = await t.app.inject(`${V2}/export.csv?gameId=120`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'REQ/INVALID', data: { year: '请选择年份' } });
    // A year of the same game fits.
    const year = await t.app.inject(
      `${V2}/export.csv?gameId=120&year=${new Date().getUTCFullYear()}`,
    );
    expect(year.statusCode).toBe(200);
  });

  it('bounds how far back one history page may reach', async () => {
    const far = await t.app.inject(`${V2}/history?gameId=120&page=1101&pageSize=100`);
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ code: 'REQ/INVALID', data: { page: '不能大于 1100' } });
    const last = await t.app.inject(`${V2}/history?gameId=120&page=1100&pageSize=100`);
    expect(last.statusCode).toBe(200);
    expect(last.json().data.items).toHaveLength(100);
  });

  it('limits exports per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        url: `${V2}/export.csv?gameId=110&year=${new Date().getUTCFullYear()}`,
        remoteAddress: '198.51.100.7',
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ code: 'REQ/RATE_LIMITED' });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429]);
    // The server renderer's own reads (lib/renderer-calls.ts) are nobody's.
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        url: `${V2}/export.csv?gameId=110&year=${new Date().getUTCFullYear()}`,
        remoteAddress: RENDERER_ADDRESS,
      });
      expect(res.statusCode).toBe(200);
    }
    // Another address is not affected.
    const other = await t.app.inject({
      url: `${V2}/export.csv?gameId=110&year=${new Date().getUTCFullYear()}`,
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(200);
  });
});
