import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DrawSnapshot } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom, type Clock } from '../../src/services/draws/clock.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { DRAW_120, ISSUE_120, drawOf, expectSevenDistinct, waitFor } from './draw-helpers.ts';

const MIN = 60_000;

async function listen(app: FastifyInstance, port = 0): Promise<number> {
  await app.listen({ port, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * A kaijiang whose game 120 is fed by `url`, on its own clock: no result is stored before its
 * draw's time there, so its clock must keep up with the upstream's.
 */
async function follower(
  env: TestEnv,
  url: string,
  clock: Clock = clockFrom(DRAW_120 - 1_500),
): Promise<FastifyInstance> {
  return buildTestApp(
    env,
    { drawEngine: true, drawUpstreamPollMs: 50 },
    {
      draws: { clock },
      extend: async (app) => {
        await app.repos.drawSources.set({
          gameId: 120,
          source: 'upstream',
          upstreamUrl: url,
          upstreamGameId: null,
        });
      },
    },
  );
}

const done = (app: FastifyInstance, issue: string) =>
  waitFor(
    async () => {
      const d = await drawOf(app, 120, issue);
      return d?.status === 'done' ? d : undefined;
    },
    20_000,
    `draw ${issue} to finish`,
  );

describe('upstream source', () => {
  const envs: TestEnv[] = [];
  const apps: FastifyInstance[] = [];
  const env = async () => {
    const e = await createTestEnv();
    envs.push(e);
    return e;
  };
  const upstream = (e: TestEnv, startAt: number) =>
    buildTestApp(
      e,
      { drawEngine: true, drawBallIntervalMs: 40 },
      {
        draws: { clock: clockFrom(startAt) },
      },
    );
  let upEnv: TestEnv;
  let up: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    upEnv = await env();
    up = await upstream(upEnv, DRAW_120 - 1_500);
    port = await listen(up);
  });
  afterAll(async () => {
    for (const app of [...apps, up]) await app.close();
    for (const e of envs) await e.cleanup();
  });

  it('follows another kaijiang ball by ball and catches up after its outage', async () => {
    const base = clockFrom(DRAW_120 - 1_500);
    let ahead = 0;
    const down = await follower(await env(), `http://127.0.0.1:${port}`, () => base() + ahead);
    apps.push(down);
    const seen: DrawSnapshot[] = [];
    down.liveHub.subscribe(120, (s) => s.issue === ISSUE_120 && seen.push(s));

    const theirs = await done(up, ISSUE_120);
    const ours = await done(down, ISSUE_120);
    expect(ours.numbers).toEqual(theirs.numbers);
    expect(ours.drawAt).toBe(theirs.drawAt);
    const counts = seen.map((s) => s.numbers.length);
    expect(counts.at(-1)).toBe(7);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(seen.at(-1)?.status).toBe('done');

    // The upstream goes away; we keep serving what we have.
    await up.close();
    await new Promise((r) => setTimeout(r, 1_000));
    const during = await down.inject(`/app-api/api/v2/draws/latest?gameId=120`);
    expect(during.json().data).toMatchObject({ issue: ISSUE_120, status: 'done' });

    // Back ten minutes later: it completed 12:10 while down and draws 12:15 live.
    ahead = 10 * MIN;
    up = await upstream(upEnv, DRAW_120 + 10 * MIN - 1_500);
    await listen(up, port);
    const later = await done(up, '202603010148');
    const missed = await done(up, '202603010147');
    expect(expectSevenDistinct(await done(down, '202603010148'))).toEqual(later.numbers);
    expect((await done(down, '202603010147')).numbers).toEqual(missed.numbers);
  });

  it('survives 5xx, garbage and timeouts, storing nothing bad', async () => {
    let mode: 'error' | 'garbage' | 'invalid' | 'hang' | 'proxy' = 'error';
    const hits: string[] = [];
    const fake = http.createServer((req, res) => {
      hits.push(mode);
      if (mode === 'error') return res.writeHead(502).end('bad gateway');
      if (mode === 'garbage') return res.writeHead(200).end('<html>oops');
      if (mode === 'invalid') {
        const data = { issue: 'x y', status: 'done', numbers: ['01'], drawAt: 'soon' };
        return res.writeHead(200).end(JSON.stringify({ code: 'OK', msg: 'ok', data }));
      }
      if (mode === 'hang') return; // never answers: the client's timeout must fire
      void fetch(`http://127.0.0.1:${port}${req.url}`).then(async (r) =>
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()),
      );
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const down = await follower(
      await env(),
      `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      clockFrom(up.draws.clock()),
    );
    apps.push(down);
    try {
      for (const m of ['error', 'garbage', 'invalid', 'hang'] as const) {
        mode = m;
        await waitFor(() => hits.includes(m), 15_000, `a ${m} poll`);
      }
      expect(await down.repos.draws.newest(120)).toBeUndefined();
      mode = 'proxy';
      const theirs = await up.repos.draws.newestWithStatus(120, 'done');
      const ours = await done(down, theirs!.issue);
      expect(ours.numbers).toEqual(theirs!.numbers);
    } finally {
      fake.closeAllConnections();
      await new Promise((r) => fake.close(r));
    }
  });
});
