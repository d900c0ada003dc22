// Two instances of the server on one database and one real Redis: a member on A and a reader on
// B see the same room in the same order (docs/architecture.md §10).
import { randomBytes } from 'node:crypto';
import type { DrawSnapshot } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../helpers/live.ts';
import { startTestRedis } from '../helpers/redis.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { FAST_HASH, registered } from '../members/member-helpers.ts';

const redis = await startTestRedis();
if (!redis) console.warn('SKIPPED: chat fan-out tests need redis-server on PATH or REDIS_URL');

const listening = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  if (!a || typeof a === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${a.port}/chat-api/ws`;
};

type Frame = { type: string; id?: string; message?: { id: number; text: string } };
const is = (t: string) => (f: unknown) => (f as Frame).type === t;

describe.skipIf(!redis)('chat fan-out through Redis', () => {
  const companyCode = `t${randomBytes(4).toString('hex')}`;
  let env: TestEnv;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    env = await createTestEnv();
    const config = { ...FAST_HASH, redisUrl: redis!.url, companyCode };
    a = await buildTestApp(env, config);
    b = await buildTestApp(env, config);
    urlA = await listening(a);
    urlB = await listening(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await env?.cleanup();
    await redis?.close();
  });

  it('a member on one instance and a reader on the other see the same messages in the same order', async () => {
    const { token, c } = await registered(a);
    const ticket = (
      await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' }, token)
    ).json().data.chatLoginToken as string;
    // The session is opened on the other instance: tokens live in the shared database.
    const chatToken = (
      await b.inject({
        method: 'POST',
        url: '/chat-api/session',
        headers: { authorization: `Bearer ${ticket}` },
      })
    ).json().data.chatToken as string;
    const talker = await connect(urlA);
    talker.send({ id: 'a', type: 'auth', token: chatToken });
    await talker.next((f) => is('ready')(f) && (f as unknown as Frame).id === 'a');
    talker.send({ type: 'join', room: 'lobby' });
    await talker.next(is('joined'));
    const reader = await connect(urlB);
    reader.send({ type: 'join', room: 'lobby' });
    await reader.next(is('joined'));
    for (let i = 0; i < 4; i++) talker.send({ type: 'say', room: 'lobby', text: `第${i}条` });
    const seen = async (s: typeof reader) => {
      const out: { id: number; text: string }[] = [];
      for (let i = 0; i < 4; i++)
        out.push(((await s.next(is('message'))) as unknown as Frame).message!);
      return out;
    };
    const [onA, onB] = await Promise.all([seen(talker), seen(reader)]);
    expect(onB).toEqual(onA);
    expect(onB.map((m) => m.text)).toEqual(['第0条', '第1条', '第2条', '第3条']);
    await talker.close();
    await reader.close();
  });

  it('counts the room’s readers on every instance', async () => {
    const room = 'game-111';
    const onA = await connect(urlA);
    const onB = await connect(urlB);
    for (const r of [onA, onB]) {
      r.send({ type: 'join', room });
      await r.next(is('joined'));
    }
    const online = async (app: FastifyInstance) =>
      (
        (await app.inject({ url: '/chat-api/rooms' })).json().data as {
          id: string;
          online: number;
        }[]
      ).find((r) => r.id === room)!.online;
    // Each instance tells the other its figures every few seconds.
    await expect.poll(() => online(a), { timeout: 12_000, interval: 500 }).toBe(2);
    await expect.poll(() => online(b), { timeout: 12_000, interval: 500 }).toBe(2);
    await onA.next(
      (f) => is('online')(f) && (f as unknown as { online: number }).online === 2,
      12_000,
    );
    await onA.close();
    await onB.close();
  }, 30_000);

  it('a draw heard by both instances is told to the room once', async () => {
    const room = 'game-110';
    const readers = await Promise.all([connect(urlA), connect(urlB)]);
    for (const r of readers) {
      r.send({ type: 'join', room });
      await r.next(is('joined'));
    }
    const snapshot: DrawSnapshot = {
      gameId: 110,
      issue: '2099001',
      status: 'drawing',
      numbers: ['09'],
      drawAt: new Date().toISOString(),
      nextIssue: '2099002',
      nextDrawAt: new Date(Date.now() + 86_400_000).toISOString(),
      serverTime: new Date().toISOString(),
    };
    await a.liveHub.publish(snapshot);
    for (const r of readers) {
      const f = (await r.next(is('message'))) as unknown as Frame;
      expect(f.message!.text).toBe('第 2099001 期 开奖中');
    }
    await new Promise((r) => setTimeout(r, 300));
    const items = (await a.inject({ url: `/chat-api/rooms/${room}/messages` })).json().data
      .items as { text: string }[];
    expect(items.filter((i) => i.text.includes('2099001'))).toHaveLength(1);
    for (const r of readers) {
      expect(r.frames().filter((f) => is('message')(f))).toHaveLength(1);
      await r.close();
    }
  });
});
