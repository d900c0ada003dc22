// One device is one subscription however its endpoint is spelt (issue 41): endpoints are stored
// in one spelling, a draw reaches a device once, and rows saved under several spellings before
// are merged by migration 0015.
import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { pushEndpoints } from '../../src/db/migrations/0015-push-endpoints.ts';
import type { DrawRecord } from '../../src/repositories/draw-repository.ts';
import { canonicalEndpoint } from '../../src/lib/push-endpoints.ts';
import { waitFor } from '../draws/draw-helpers.ts';
import { startLocalPushService, type LocalPushService } from '../helpers/push-service.ts';
import { buildTestApp, createTestEnv, xsrfPair, type TestEnv } from '../helpers/test-app.ts';

const FCM = 'https://fcm.googleapis.com/fcm/send/dXk2Qm9vb2s3Zk1x';
const FCM_SPELLINGS = [
  FCM,
  'https://FCM.GOOGLEAPIS.COM:443/fcm/send/dXk2Qm9vb2s3Zk1x',
  `${FCM}?`,
  `${FCM}#`,
  'HTTPS://fcm.googleapis.com/fcm/send/%64Xk2Qm9vb2s3Zk1x',
];

describe('canonicalEndpoint', () => {
  it('gives every spelling of one endpoint one form', () => {
    for (const s of FCM_SPELLINGS) expect(canonicalEndpoint(s), s).toBe(FCM);
    expect(canonicalEndpoint('https://a.example/x?k=%7e%2f')).toBe('https://a.example/x?k=~%2F');
    expect(canonicalEndpoint('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(canonicalEndpoint('not a url')).toBeNull();
  });
});

const keys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});

async function save(
  app: FastifyInstance,
  endpoint: string,
  k: ReturnType<typeof keys>,
  games: number[],
) {
  const { cookie, token } = await xsrfPair(app);
  return app.inject({
    method: 'PUT',
    url: '/app-api/api/v2/push/subscription',
    headers: { cookie, 'x-xsrf-token': token },
    payload: { endpoint, keys: k, games, lang: 'zh-Hans' },
  });
}
async function gamesOf(app: FastifyInstance, endpoint: string): Promise<number[]> {
  const { cookie, token } = await xsrfPair(app);
  const res = await app.inject({
    method: 'POST',
    url: '/app-api/api/v2/push/subscription/games',
    headers: { cookie, 'x-xsrf-token': token },
    payload: { endpoint },
  });
  return res.json().data.games;
}
const rows = (app: FastifyInstance) =>
  app.db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh'])
    .orderBy('id')
    .execute();

describe('one device, one subscription', () => {
  let env: TestEnv;
  let pushService: LocalPushService;
  let app: FastifyInstance;
  beforeEach(async () => {
    env = await createTestEnv();
    pushService = await startLocalPushService();
    app = await buildTestApp(env, {
      push: {
        ...loadConfig({}).push,
        services: [pushService.origin, 'https://fcm.googleapis.com'],
        send: true,
      },
    });
  });
  afterEach(async () => {
    await app.close();
    await pushService.close();
    await env.cleanup();
  });

  it('stores every spelling as one row, answers its games under any, and pushes a draw once', async () => {
    for (const [i, s] of FCM_SPELLINGS.entries()) {
      expect(
        (await save(app, s, keys(), i === FCM_SPELLINGS.length - 1 ? [110] : [120, 110]))
          .statusCode,
        s,
      ).toBe(200);
    }
    expect((await rows(app)).map((r) => r.endpoint)).toEqual([FCM]);
    for (const s of FCM_SPELLINGS) expect(await gamesOf(app, s)).toEqual([110]);

    const device = pushService.device('phone');
    const origin = new URL(pushService.origin);
    const spellings = [
      device.endpoint,
      `${device.endpoint}?`,
      `http://${origin.host.toUpperCase()}/push/%70hone#`,
    ];
    for (const s of spellings)
      expect((await save(app, s, device.keys, [120])).statusCode).toBe(200);
    expect((await rows(app)).map((r) => r.endpoint)).toEqual([FCM, device.endpoint]);

    const draw = {
      gameId: 120,
      issue: '209901010001',
      drawAt: new Date().toISOString(),
      year: 2099,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    } as DrawRecord;
    await app.push.finished(draw, (await app.draws.game(120))!);
    await waitFor(
      async () => (await app.repos.push.job(120, draw.issue))?.state === 'done' || undefined,
      10_000,
      'the job to end',
    );
    expect(pushService.received.map((m) => m.device)).toEqual(['phone']);
  });

  it('merges the rows one device was stored under before (migration 0015)', async () => {
    const t = new Date();
    const at = (minutes: number) => new Date(t.getTime() + minutes * 60_000).toISOString();
    const insert = async (endpoint: string, minutes: number, games: number[]) => {
      const { id } = await app.db
        .insertInto('push_subscriptions')
        .values({
          endpoint,
          ...keys(),
          lang: 'zh-Hans',
          failures: 0,
          created_at: at(minutes),
          updated_at: at(minutes),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const g of games) {
        await app.db
          .insertInto('push_topics')
          .values({ game_id: g, subscription_id: id })
          .execute();
      }
      return id;
    };
    await insert(`${FCM}?`, 1, [120]);
    const newest = await insert(
      'https://FCM.GOOGLEAPIS.COM:443/fcm/send/dXk2Qm9vb2s3Zk1x',
      3,
      [110],
    );
    await insert(FCM, 2, [120, 110]);
    const other = await insert('https://fcm.googleapis.com/fcm/send/other', 0, [120]);
    const alone = await insert('https://FCM.googleapis.com/fcm/send/alone?', 0, [110]);

    await pushEndpoints.up(app.db);

    const after = await rows(app);
    expect(after.map((r) => [r.id, r.endpoint])).toEqual([
      [newest, FCM],
      [other, 'https://fcm.googleapis.com/fcm/send/other'],
      [alone, 'https://fcm.googleapis.com/fcm/send/alone'],
    ]);
    // The device follows what it saved last, and no topic is left without its subscription.
    expect(await gamesOf(app, FCM)).toEqual([110]);
    const topics = await app.db.selectFrom('push_topics').select(['subscription_id']).execute();
    expect(new Set(topics.map((r) => r.subscription_id))).toEqual(new Set([newest, other, alone]));
    // Run again: nothing left to merge.
    await pushEndpoints.up(app.db);
    expect(await rows(app)).toEqual(after);
  });
});
