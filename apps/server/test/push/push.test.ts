import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawPush, type DrawPush } from '@kaijiang/domain';
import { loadConfig } from '../../src/config.ts';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { lunarYearAt } from '../../src/services/draws/detail.ts';
import { createDeliver } from '../../src/services/push/deliver.ts';
import { endpointGuard } from '../../src/lib/push-endpoints.ts';
import {
  DRAW_120,
  ISSUE_120,
  drawOf,
  expectSevenDistinct,
  waitFor,
} from '../draws/draw-helpers.ts';
import {
  checkVapid,
  decryptWebPush,
  encryptForTest,
  startLocalPushService,
  type LocalPushService,
  type TestDevice,
} from '../helpers/push-service.ts';
import { buildTestApp, createTestEnv, xsrfPair, type TestEnv } from '../helpers/test-app.ts';

const URL_ = '/app-api/api/v2/push/subscription';

async function save(
  app: FastifyInstance,
  device: Pick<TestDevice, 'endpoint' | 'keys'>,
  games: number[],
  lang = 'zh-Hans',
) {
  const { cookie, token } = await xsrfPair(app);
  return app.inject({
    method: 'PUT',
    url: URL_,
    headers: { cookie, 'x-xsrf-token': token },
    payload: { endpoint: device.endpoint, keys: device.keys, games, lang },
  });
}

async function gamesOf(app: FastifyInstance, endpoint: string): Promise<number[]> {
  const { cookie, token } = await xsrfPair(app);
  const res = await app.inject({
    method: 'POST',
    url: `${URL_}/games`,
    headers: { cookie, 'x-xsrf-token': token },
    payload: { endpoint },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { games: number[] } }>().data.games;
}

describe('push service configuration', () => {
  it('accepts https push services and plain http only on this machine', () => {
    expect(loadConfig({}).push.services).toContain('https://fcm.googleapis.com');
    expect(loadConfig({ PUSH_SERVICES: 'http://127.0.0.1:9999' }).push.services).toEqual([
      'http://127.0.0.1:9999',
    ]);
    for (const bad of [
      'http://push.example.com',
      'http://*.example.com',
      'ftp://x',
      'https://a/b',
    ]) {
      expect(() => loadConfig({ PUSH_SERVICES: bad }), bad).toThrow(/PUSH_SERVICES/);
    }
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'webmaster' })).toThrow(/VAPID_SUBJECT/);
  });

  it('lets an endpoint through only to a configured service, its subdomains by a wildcard', () => {
    const allowed = endpointGuard([
      'https://fcm.googleapis.com',
      'https://*.push.apple.com',
      'http://127.0.0.1:9999',
    ]);
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(allowed('https://web.push.apple.com/QG1')).toBe(true);
    expect(allowed('http://127.0.0.1:9999/push/a')).toBe(true);
    for (const bad of [
      'https://push.apple.com.evil.example/x',
      'https://evilpush.apple.com/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://127.0.0.1:6379/',
      'http://127.0.0.1:9998/push/a',
      'http://localhost:9999/push/a',
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(allowed(bad), bad).toBe(false);
    }
  });
});

describe('the local push service (the test harness itself)', () => {
  it('decrypts what was encrypted to the device and refuses a tampered or foreign message', () => {
    const ecdh = createECDH('prime256v1');
    const device = {
      publicKey: ecdh.generateKeys(),
      privateKey: ecdh.getPrivateKey(),
      auth: randomBytes(16),
    };
    const body = encryptForTest('开奖了', device);
    expect(decryptWebPush(body, device)).toBe('开奖了');
    const tampered = Buffer.from(body);
    tampered[tampered.length - 20]! ^= 1;
    expect(() => decryptWebPush(tampered, device)).toThrow();
    expect(() => decryptWebPush(body, { ...device, auth: randomBytes(16) })).toThrow();
    expect(() => checkVapid('vapid t=a.b.c, k=xyz', 'http://x')).toThrow();
  });
});

describe('Web Push', () => {
  let env: TestEnv;
  let pushService: LocalPushService;
  const apps: FastifyInstance[] = [];
  beforeEach(async () => {
    env = await createTestEnv();
    pushService = await startLocalPushService();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await pushService.close();
    await env.cleanup();
  });
  const build = async (
    config: Parameters<typeof buildTestApp>[1] = {},
    opts: Parameters<typeof buildTestApp>[2] = {},
  ) => {
    const app = await buildTestApp(
      env,
      { push: { ...loadConfig({}).push, services: [pushService.origin], send: true }, ...config },
      opts,
    );
    apps.push(app);
    return app;
  };

  /**
   * Devices subscribed before any engine runs, and the draw before game 120's stored: an engine
   * starting on an empty database would store that one as a late result and push it first.
   */
  const before = async (subscribe: (app: FastifyInstance) => Promise<void>) => {
    const app = await build();
    await app.repos.draws.insert({
      gameId: 120,
      issue: '202603010145',
      drawAt: new Date(DRAW_120 - 5 * 60_000).toISOString(),
      year: 2026,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
    await subscribe(app);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
  };

  it("keeps a device's games, answers them back, and forgets the device on none", async () => {
    const app = await build();
    const d = pushService.device('a');
    const res = await save(app, d, [120, 110, 110 + 0]);
    // Unique items: a repeated game is refused by the schema, not silently kept twice.
    expect(res.statusCode).toBe(400);
    const ok = await save(app, d, [120, 110]);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.json()).toMatchObject({ code: 'OK', data: { games: [110, 120] } });
    expect(await gamesOf(app, d.endpoint)).toEqual([110, 120]);
    // The same device changes its mind: exactly the new set.
    await save(app, d, [111]);
    expect(await gamesOf(app, d.endpoint)).toEqual([111]);
    await save(app, d, []);
    expect(await gamesOf(app, d.endpoint)).toEqual([]);
    expect(await app.repos.push.count()).toBe(0);
    const key = await app.inject({ url: '/app-api/api/v2/push/key' });
    expect(
      Buffer.from(key.json<{ data: { publicKey: string } }>().data.publicKey, 'base64url'),
    ).toHaveLength(65);
  });

  it('refuses endpoints outside the push services, bad keys, unknown games and forged calls', async () => {
    const app = await build();
    const d = pushService.device('a');
    for (const endpoint of [
      'http://127.0.0.1:6379/',
      'https://169.254.169.254/latest/meta-data/',
      `${pushService.origin.replace('127.0.0.1', 'localhost')}/push/a`,
      'javascript:alert(1)',
    ]) {
      const res = await save(app, { ...d, endpoint }, [110]);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'REQ/INVALID',
        data: { endpoint: expect.any(String) },
      });
    }
    const notAPoint = Buffer.alloc(65, 1).toString('base64url');
    expect(
      (await save(app, { ...d, keys: { ...d.keys, p256dh: notAPoint } }, [110])).statusCode,
    ).toBe(400);
    expect((await save(app, { ...d, keys: { ...d.keys, auth: 'abc' } }, [110])).statusCode).toBe(
      400,
    );
    const unknown = await save(app, d, [999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('不存在');
    expect((await save(app, d, [110], 'en')).statusCode).toBe(400);
    const forged = await app.inject({
      method: 'PUT',
      url: URL_,
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { endpoint: d.endpoint, keys: d.keys, games: [110] },
    });
    expect(forged.statusCode).toBe(403);
    expect(await app.repos.push.count()).toBe(0);
  });

  it('limits subscription changes per address', async () => {
    const app = await build();
    const d = pushService.device('a');
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await save(app, d, [110])).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('keeps no more subscriptions than its ceiling (a known device may still change)', async () => {
    const app = await build({}, { push: { maxSubscriptions: 1 } });
    const a = pushService.device('a');
    expect((await save(app, a, [110])).statusCode).toBe(200);
    const full = await save(app, pushService.device('b'), [110]);
    expect(full.statusCode).toBe(503);
    expect(full.json()).toMatchObject({ code: 'PUSH/FULL' });
    expect((await save(app, a, [110, 120])).statusCode).toBe(200);
  });

  it('pushes a finished draw to each follower, encrypted and signed as a push service checks', async () => {
    const hans = pushService.device('hans');
    const hant = pushService.device('hant');
    const other = pushService.device('other-game');
    await before(async (app) => {
      await save(app, hans, [120, 110]);
      await save(app, hant, [120], 'zh-Hant');
      await save(app, other, [110]);
    });
    const app = await build(
      { drawEngine: true, drawBallIntervalMs: 30 },
      { draws: { clock: clockFrom(DRAW_120 - 3_000) } },
    );
    const numbers = await waitFor(
      async () =>
        (await drawOf(app, 120, ISSUE_120))?.status === 'done' &&
        expectSevenDistinct(await drawOf(app, 120, ISSUE_120)),
      15_000,
      'the draw to finish',
    );
    // This draw's only (none other is due, but a stray one must not pass for it).
    const ofDraw = () =>
      pushService.received.filter((m) => (JSON.parse(m.text) as DrawPush).issue === ISSUE_120);
    await waitFor(() => ofDraw().length >= 2 || undefined, 10_000, 'two pushes');
    const key = (await app.inject({ url: '/app-api/api/v2/push/key' })).json<{
      data: { publicKey: string };
    }>().data.publicKey;
    const year = lunarYearAt(new Date(DRAW_120).toISOString());
    const expected = (lang: 'zh-Hans' | 'zh-Hant'): DrawPush =>
      drawPush({
        gameId: 120,
        gameName: expect.any(String) as unknown as string,
        issue: ISSUE_120,
        numbers,
        lunarYear: year,
        lang,
      });
    const byDevice = Object.fromEntries(ofDraw().map((m) => [m.device, m]));
    expect(Object.keys(byDevice).sort()).toEqual(['hans', 'hant']);
    const hansMsg = JSON.parse(byDevice.hans!.text) as DrawPush;
    expect(hansMsg.title).toMatch(new RegExp(`^第 ${ISSUE_120} 期 .+ 开奖结果$`));
    expect(hansMsg.body).toBe(expected('zh-Hans').body);
    expect(hansMsg.url).toBe('/game/120');
    expect(JSON.parse(byDevice.hant!.text)).toMatchObject({
      body: expected('zh-Hant').body,
      url: '/game/120',
    });
    expect(JSON.parse(byDevice.hant!.text).title).toMatch(/開獎結果$/);
    expect(ofDraw()).toHaveLength(2);
    for (const m of pushService.received) {
      expect(m.vapidKey).toBe(key);
      expect(m.jwt.aud).toBe(pushService.origin);
      expect(m.headers).toMatchObject({ urgency: 'high', topic: 'draw-120' });
      expect(m.headers.ttl).toBeGreaterThan(0);
    }
    expect(pushService.refused).toEqual([]);
    await waitFor(
      async () => (await app.repos.push.job(120, ISSUE_120))?.state === 'done' || undefined,
      5_000,
      'the job to end',
    );
    expect(await app.repos.push.job(120, ISSUE_120)).toMatchObject({ sent: 2, gone: 0, failed: 0 });
  });

  it('retries what may pass, forgets devices that are gone, and sends a draw once across instances', async () => {
    const flaky = pushService.device('flaky');
    const busy = pushService.device('busy');
    const gone = pushService.device('gone');
    const broken = pushService.device('broken');
    await before(async (app) => {
      for (const d of [flaky, busy, gone, broken]) await save(app, d, [120]);
    });
    pushService.answer('flaky', 500, 503);
    pushService.answer('busy', { status: 429, retryAfter: '0' });
    pushService.answer('gone', 410);
    pushService.answer('broken', 500, 500, 500, 500);
    const clock = clockFrom(DRAW_120 - 3_000);
    const push = { retryDelaysMs: [50, 50, 50] };
    const first = await build(
      { drawEngine: true, drawBallIntervalMs: 30 },
      { draws: { clock, holderId: 'one' }, push: { ...push, holderId: 'one' } },
    );
    const second = await build(
      { drawEngine: true, drawBallIntervalMs: 30 },
      { draws: { clock, holderId: 'two' }, push: { ...push, holderId: 'two' } },
    );
    await waitFor(
      async () => (await first.repos.push.job(120, ISSUE_120))?.state === 'done' || undefined,
      20_000,
      'the job to end',
    );
    // Both instances saw the draw finish (the writer and, through the hub, the other): one job,
    // sent by the lease holder only.
    await second.push.finished(
      (await drawOf(second, 120, ISSUE_120))!,
      (await second.draws.game(120))!,
    );
    const sentTo = pushService.received.map((m) => m.device).sort();
    expect(sentTo).toEqual(['busy', 'flaky']);
    const tries = (name: string) => pushService.attempts.filter((a) => a.device === name).length;
    expect(tries('flaky')).toBe(3);
    expect(tries('busy')).toBe(2);
    expect(tries('gone')).toBe(1);
    // The first try and three retries, then it counts as failed for this draw.
    expect(tries('broken')).toBe(4);
    expect(await first.repos.push.job(120, ISSUE_120)).toMatchObject({
      sent: 2,
      gone: 1,
      failed: 1,
    });
    expect(await gamesOf(first, gone.endpoint)).toEqual([]);
    expect(await gamesOf(first, broken.endpoint)).toEqual([120]);
    expect([first.push.sender?.holding, second.push.sender?.holding].filter(Boolean)).toHaveLength(
      1,
    );
  });

  it('does not push a draw stored long after it was drawn (a catch-up after an outage)', async () => {
    const app = await build({}, {});
    await save(app, pushService.device('a'), [120]);
    const game = (await app.draws.game(120))!;
    await app.push.finished(
      {
        gameId: 120,
        issue: '1',
        drawAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
        year: 2026,
        status: 'done',
        numbers: ['01', '02', '03', '04', '05', '06', '07'],
      },
      game,
    );
    expect(await app.repos.push.job(120, '1')).toBeUndefined();
  });

  it('sends with the library over the network to the local service, which checks it', async () => {
    const device = pushService.device('direct');
    const d = { endpoint: device.endpoint, ...device.keys };
    const keys = JSON.parse(
      JSON.stringify((await import('web-push')).default.generateVAPIDKeys()),
    ) as { publicKey: string; privateKey: string };
    const deliver = createDeliver(keys, 'mailto:ops@example.com');
    expect(await deliver(d, '{"a":1}', 't')).toEqual({ kind: 'sent' });
    expect(pushService.received[0]).toMatchObject({ text: '{"a":1}', vapidKey: keys.publicKey });
    pushService.answer('direct', 410);
    expect(await deliver(d, 'x', 't')).toEqual({ kind: 'gone' });
    pushService.answer('direct', { status: 429, retryAfter: '7' });
    expect(await deliver(d, 'x', 't')).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
    expect(
      await deliver({ ...d, endpoint: `${pushService.origin}/push/nobody` }, 'x', 't'),
    ).toEqual({ kind: 'gone' });
    // Signed by another key than the one it names: the service refuses it.
    const other = (await import('web-push')).default.generateVAPIDKeys();
    const forged = createDeliver(
      { publicKey: keys.publicKey, privateKey: other.privateKey },
      'mailto:ops@example.com',
    );
    expect(await forged(d, 'x', 't')).toMatchObject({ kind: 'failed', why: 'HTTP 400' });
    expect(pushService.refused.at(-1)?.why).toBe('bad signature');
  });
});
