// Setting a game's feeds: the admin API's checks, the older single-source call, the CLI, and the
// test button's call against a stand-in.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { listenForCli, runCli } from '../helpers/cli.ts';
import { HKJC_RECORDED, hkjcStandIn, type HkjcStandIn } from '../helpers/feed-standins.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'Fa2-feedAdmin-7wQ4Rz_Mb8NcX3kT6pV9yL1hJ5';
const auth = { authorization: `Bearer ${TOKEN}` };
const CLI = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');

describe('feed settings', () => {
  let t: TestApp;
  let feed: HkjcStandIn;
  beforeAll(async () => {
    t = await createTestApp(
      { adminToken: TOKEN },
      { draws: { clock: clockFrom(Date.parse('2026-08-09T00:00:00Z')) } },
    );
    feed = await hkjcStandIn(HKJC_RECORDED, null);
  });
  afterAll(async () => {
    await feed.close();
    await t.close();
  });
  const put = (gameId: number, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/app-api/admin/games/${gameId}/sources`,
      headers: auth,
      payload,
    });

  it('refuses lists that cannot work, in Chinese, by field', async () => {
    const cases: [object, string][] = [
      [{ sources: [] }, 'sources'],
      [{ sources: [{ kind: 'macaujc', url: 'https://feed.example' }] }, 'sources.0.remote'],
      [{ sources: [{ kind: 'kaijiang' }] }, 'sources.0.url'],
      [{ sources: [{ kind: 'hkjc', url: 'javascript:alert(1)' }] }, 'sources.0.url'],
      [{ sources: [{ kind: 'hkjc' }, { kind: 'simulator' }] }, 'sources.1.kind'],
      [
        { sources: [{ kind: 'macaujc', url: 'https://f.example', remote: '../x' }] },
        'sources.0.remote',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await put(110, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().data ?? {}).join(), JSON.stringify(body)).toContain(
        field.split('.')[0],
      );
    }
    // The older name of kaijiang still works, and graceS/lateS are kept.
    const ok = await put(110, {
      sources: [
        { kind: 'upstream', url: 'https://other.example/' },
        { kind: 'macaujc', url: 'https://f.example', remote: 'macaujc2' },
      ],
      graceS: 30,
      lateS: 300,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.settings).toMatchObject({
      source: 'kaijiang',
      upstreamUrl: 'https://other.example',
      sources: [
        { kind: 'kaijiang', url: 'https://other.example', remote: null },
        { kind: 'macaujc', url: 'https://f.example', remote: 'macaujc2' },
      ],
      graceS: 30,
      lateS: 300,
    });
    const old = await t.app.inject({ url: '/app-api/admin/games/110/source', headers: auth });
    expect(old.json().data).toMatchObject({
      source: 'kaijiang',
      upstreamUrl: 'https://other.example',
    });
  });

  it('tries a feed and shows its last answer, or why it failed', async () => {
    const test = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/app-api/admin/games/111/sources/test',
        headers: auth,
        payload: body,
      });
    const good = (await test({ kind: 'hkjc', url: feed.url })).json().data;
    expect(good.ok).toBe(true);
    expect(JSON.parse(good.answer).draws[0]).toMatchObject({ issue: '2026086', complete: true });
    feed.mode = 'garbage';
    const bad = (await test({ kind: 'hkjc', url: feed.url })).json().data;
    feed.mode = 'ok';
    expect(bad).toMatchObject({ ok: false, error: 'not JSON' });
  });

  it('sets and shows feeds from the CLI, in order', async () => {
    const server = await listenForCli(t.app);
    const cli = (args: string[]) =>
      runCli(CLI, [...args, '--server', server], { ADMIN_TOKEN: TOKEN });
    const set = await cli([
      'sources',
      '--game',
      '111',
      '--kind',
      'hkjc',
      '--url',
      feed.url,
      '--kind',
      'macaujc',
      '--url',
      'https://backup.example',
      '--remote',
      'hk6',
      '--grace',
      '90',
    ]);
    expect(set.code, set.err).toBe(0);
    const shown = await cli(['sources', '--game', '111']);
    expect(JSON.parse(shown.out).settings).toMatchObject({
      sources: [
        { kind: 'hkjc', url: feed.url, remote: null },
        { kind: 'macaujc', url: 'https://backup.example', remote: 'hk6' },
      ],
      graceS: 90,
    });
    const audit = await t.app.repos.audit.list({ action: 'draws.sources', limit: 5 });
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });
});
