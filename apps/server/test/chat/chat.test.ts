// The chat service end to end (docs/architecture.md §10): the real server listening, real ws clients, the
// database of the run (SQLite, or PostgreSQL under scripts/with-postgres.sh).
import type { DrawSnapshot } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { runCli } from '../helpers/cli.ts';
import { jpegWithExif } from '../helpers/images.ts';
import { connect, type TestSocket } from '../helpers/live.ts';
import { memberApp, registered, URLS, type TestApp } from '../members/member-helpers.ts';

let t: TestApp;
let base: string;
const ADMIN = 'Qm9vb2s3Zk1xR2h2TnpYcDJ4V0x5dVJ0Yk5jZEU';
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${ADMIN}` } });

beforeAll(async () => {
  t = await memberApp({ adminToken: ADMIN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  if (!a || typeof a === 'string') throw new Error('not listening');
  base = `127.0.0.1:${a.port}`;
});
afterAll(async () => t.close());

interface Member {
  token: string;
  chatToken: string;
  memberId: number;
  nickname: string;
  logout(): Promise<void>;
}

async function chatMember(app: FastifyInstance): Promise<Member> {
  const { token, c } = await registered(app);
  const ticket = await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' }, token);
  expect(ticket.statusCode).toBe(200);
  const { chatLoginToken, chatUrl } = ticket.json().data;
  expect(chatUrl).toBe('/chat-api');
  const session = await app.inject({
    method: 'POST',
    url: '/chat-api/session',
    headers: { authorization: `Bearer ${chatLoginToken}` },
  });
  expect(session.statusCode).toBe(200);
  const { chatToken, user } = session.json().data;
  return {
    token,
    chatToken,
    memberId: user.id,
    nickname: user.nickname,
    logout: async () => {
      expect((await c.get(URLS.logout, token)).statusCode).toBe(200);
    },
  };
}

const socket = () => connect(`ws://${base}/chat-api/ws`);
const type =
  (name: string, extra: (f: Record<string, unknown>) => boolean = () => true) =>
  (f: unknown) =>
    (f as { type: string }).type === name && extra(f as Record<string, unknown>);

async function signedIn(m: Member, room = 'game-110'): Promise<TestSocket> {
  const s = await socket();
  await s.next(type('ready'));
  s.send({ id: 'a', type: 'auth', token: m.chatToken });
  const ready = (await s.next(type('ready', (f) => f.id === 'a'))) as unknown as {
    user: { id: number };
  };
  expect(ready.user.id).toBe(m.memberId);
  s.send({ id: 'j', type: 'join', room });
  await s.next(type('joined'));
  return s;
}

const say = (s: TestSocket, text: string, id = 's', room = 'game-110') =>
  s.send({ id, type: 'say', room, text });

describe('chat tokens', () => {
  it('gives a ticket only to a signed-in member, and a ticket opens one chat session once', async () => {
    const { token, c } = await registered(t.app);
    // With the anti-forgery pair but no member token.
    const anonymous = await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' });
    expect(anonymous.statusCode).toBe(401);
    const ticket = (
      await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' }, token)
    ).json().data.chatLoginToken as string;
    const open = () =>
      t.app.inject({
        method: 'POST',
        url: '/chat-api/session',
        headers: { authorization: `Bearer ${ticket}` },
      });
    const [a, b] = await Promise.all([open(), open()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    expect((await open()).statusCode).toBe(401);
    // The chat token is no ticket, and a ticket is no chat token.
    const chatToken = (a.statusCode === 200 ? a : b).json().data.chatToken as string;
    const asTicket = await t.app.inject({
      method: 'POST',
      url: '/chat-api/session',
      headers: { authorization: `Bearer ${chatToken}` },
    });
    expect(asTicket.statusCode).toBe(401);
  });

  it('signing out ends the chat token, and its socket reads on signed out', async () => {
    const m = await chatMember(t.app);
    const s = await signedIn(m);
    await m.logout();
    await s.next(type('error', (f) => f.code === 'UC/UNAUTHORIZED'));
    await s.next(type('ready', (f) => f.user === null));
    say(s, '还在吗', 'after');
    await s.next(type('error', (f) => f.id === 'after' && f.code === 'UC/UNAUTHORIZED'));
    const report = await t.app.inject({
      method: 'POST',
      url: '/chat-api/messages/1/report',
      headers: { authorization: `Bearer ${m.chatToken}` },
    });
    expect(report.statusCode).toBe(401);
    await s.close();
  });

  it('a password change ends the chat of the member’s other sessions, not of its own', async () => {
    const { username, password, token, c } = await registered(t.app);
    const login = await c.post(URLS.login, { username, password });
    expect(login.statusCode).toBe(200);
    const otherToken = login.json().data.token as string;
    const chatOf = async (memberToken: string) => {
      const ticket = (
        await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' }, memberToken)
      ).json().data.chatLoginToken as string;
      const res = await t.app.inject({
        method: 'POST',
        url: '/chat-api/session',
        headers: { authorization: `Bearer ${ticket}` },
      });
      return res.json().data.chatToken as string;
    };
    const mine = await chatOf(token);
    const theirs = await chatOf(otherToken);
    const works = async (chatToken: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/chat-api/messages/999999/report',
          headers: { authorization: `Bearer ${chatToken}` },
        })
      ).statusCode;
    // Signed in, a report of a message that is not there is a 404; signed out, a 401.
    expect(await works(theirs)).toBe(404);
    const changed = await c.post(
      URLS.password,
      { type: 'login', oldPassword: password, newPassword: 'amber-lantern-77' },
      token,
    );
    expect(changed.statusCode).toBe(200);
    expect(await works(theirs)).toBe(401);
    expect(await works(mine)).toBe(404);
  });
});

describe('rooms and messages', () => {
  it('lists the lobby and a room per game; reads history without a token', async () => {
    const rooms = (await t.app.inject({ url: '/chat-api/rooms' })).json().data as { id: string }[];
    expect(rooms.map((r) => r.id)).toContain('lobby');
    expect(rooms.map((r) => r.id)).toContain('game-110');
    const none = await t.app.inject({ url: '/chat-api/rooms/game-999999/messages' });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('CHAT/NO_ROOM');
  });

  it('a member’s message reaches every reader of the room, stored first, in order', async () => {
    const m = await chatMember(t.app);
    const talker = await signedIn(m);
    const reader = await socket();
    reader.send({ id: 'j', type: 'join', room: 'game-110' });
    const joined = (await reader.next(type('joined'))) as unknown as { online: number };
    expect(joined.online).toBeGreaterThanOrEqual(2);
    say(talker, '  第一条\u0007 ', 'one');
    say(talker, '第二条', 'two');
    const first = (await reader.next(type('message'))) as unknown as {
      message: { id: number; text: string; user: { nickname: string; role: string } };
    };
    const second = (await reader.next(type('message'))) as unknown as {
      message: { id: number; text: string };
    };
    expect(first.message.text).toBe('第一条');
    expect(first.message.user).toMatchObject({ nickname: m.nickname, role: 'member' });
    expect(second.message.text).toBe('第二条');
    expect(second.message.id).toBeGreaterThan(first.message.id);
    const history = (
      await t.app.inject({ url: '/chat-api/rooms/game-110/messages?limit=2' })
    ).json().data.items as { id: number }[];
    expect(history.map((h) => h.id)).toEqual([second.message.id, first.message.id]);
    const older = (
      await t.app.inject({
        url: `/chat-api/rooms/game-110/messages?before=${second.message.id}&limit=1`,
      })
    ).json().data.items as { id: number }[];
    expect(older.map((h) => h.id)).toEqual([first.message.id]);
    await talker.close();
    await reader.close();
  });

  it('a visitor reads but may not post', async () => {
    const s = await socket();
    s.send({ id: 'j', type: 'join', room: 'lobby' });
    await s.next(type('joined'));
    s.send({ id: 'x', type: 'say', room: 'lobby', text: 'hi' });
    await s.next(type('error', (f) => f.id === 'x' && f.code === 'UC/UNAUTHORIZED'));
    await s.close();
  });

  it('refuses empty, over-long and blocked-word text, and a member over the rate', async () => {
    const m = await chatMember(t.app);
    const s = await signedIn(m, 'lobby');
    s.send({ id: 'e', type: 'say', room: 'lobby', text: '   ' });
    await s.next(type('error', (f) => f.id === 'e' && f.code === 'REQ/INVALID'));
    s.send({ id: 'l', type: 'say', room: 'lobby', text: '字'.repeat(301) });
    await s.next(type('error', (f) => f.id === 'l' && f.code === 'REQ/INVALID'));
    await t.app.repos.chat.addBlockedWord('代开', new Date().toISOString());
    t.app.chat.forgetWords();
    s.send({ id: 'b', type: 'say', room: 'lobby', text: '这里 代 开 发票' });
    await s.next(type('error', (f) => f.id === 'b' && f.code === 'CHAT/BLOCKED_WORD'));
    // A burst of five, then one per two seconds.
    for (let i = 0; i < 6; i++)
      s.send({ id: `r${i}`, type: 'say', room: 'lobby', text: `消息${i}` });
    await s.next(type('error', (f) => f.id === 'r5' && f.code === 'REQ/RATE_LIMITED'));
    // Handled one after the other: the five arrive in the order they were sent.
    const texts: string[] = [];
    for (let i = 0; i < 5; i++)
      texts.push(
        ((await s.next(type('message'))) as unknown as { message: { text: string } }).message.text,
      );
    expect(texts).toEqual(['消息0', '消息1', '消息2', '消息3', '消息4']);
    await s.close();
  });

  it('a moderator deletes a message for every reader and mutes its author', async () => {
    const author = await chatMember(t.app);
    const mod = await chatMember(t.app);
    await t.app.repos.chat.setRole(mod.memberId, 'moderator');
    const a = await signedIn(author, 'game-111');
    const reader = await socket();
    reader.send({ type: 'join', room: 'game-111' });
    await reader.next(type('joined'));
    say(a, '广告内容', 'ad', 'game-111');
    const posted = (await reader.next(type('message'))) as unknown as { message: { id: number } };
    const asMember = await t.app.inject({
      method: 'DELETE',
      url: `/chat-api/messages/${posted.message.id}`,
      headers: { authorization: `Bearer ${author.chatToken}` },
    });
    expect(asMember.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/chat-api/messages/${posted.message.id}`,
      headers: { authorization: `Bearer ${mod.chatToken}` },
    });
    expect(del.statusCode).toBe(200);
    await reader.next(type('removed', (f) => f.messageId === posted.message.id));
    const items = (await t.app.inject({ url: '/chat-api/rooms/game-111/messages' })).json().data
      .items as { id: number }[];
    expect(items.map((i) => i.id)).not.toContain(posted.message.id);
    const mute = await t.app.inject({
      method: 'POST',
      url: '/chat-api/mutes',
      headers: { authorization: `Bearer ${mod.chatToken}` },
      payload: { memberId: author.memberId, minutes: 10 },
    });
    expect(mute.statusCode).toBe(200);
    await a.next(type('muted'));
    say(a, '再发一次', 'again', 'game-111');
    await a.next(type('error', (f) => f.id === 'again' && f.code === 'CHAT/MUTED'));
    await a.close();
    await reader.close();
  });
});

describe('operators', () => {
  it('name moderators and edit the blocked words through the admin API', async () => {
    const m = await chatMember(t.app);
    const s = await signedIn(m, 'lobby');
    const anon = await t.app.inject({ url: '/app-api/admin/chat/blocked-words' });
    expect(anon.statusCode).toBe(401);
    expect(
      (await admin('POST', '/app-api/admin/chat/blocked-words', { word: '刷单' })).statusCode,
    ).toBe(200);
    expect((await admin('GET', '/app-api/admin/chat/blocked-words')).json().data).toContain('刷单');
    s.send({ id: 'w', type: 'say', room: 'lobby', text: '招聘刷单' });
    await s.next(type('error', (f) => f.id === 'w' && f.code === 'CHAT/BLOCKED_WORD'));
    expect(
      (await admin('DELETE', `/app-api/admin/chat/blocked-words/${encodeURIComponent('刷单')}`))
        .statusCode,
    ).toBe(200);
    s.send({ id: 'w2', type: 'say', room: 'lobby', text: '招聘刷单' });
    await s.next(type('message', (f) => (f.message as { text: string }).text === '招聘刷单'));
    const role = await admin('PUT', `/app-api/admin/chat/members/${m.memberId}/role`, {
      role: 'moderator',
    });
    expect(role.statusCode).toBe(200);
    expect((await t.app.chat.authenticate(m.chatToken)).role).toBe('moderator');
    expect(
      (await admin('PUT', '/app-api/admin/chat/members/2147483000/role', { role: 'member' }))
        .statusCode,
    ).toBe(404);
    await s.close();
  });
});

describe('the admin CLI', () => {
  const CLI = path.resolve(import.meta.dirname, '../../src/cli/admin.ts');
  it('names a moderator and edits the blocked words', async () => {
    const m = await chatMember(t.app);
    const env = { ADMIN_TOKEN: ADMIN };
    const url = ['--url', `http://${base}`];
    const role = await runCli(
      CLI,
      ['chat-role', '--member', String(m.memberId), '--role', 'moderator', ...url],
      env,
    );
    expect(role.code, role.err).toBe(0);
    expect(role.out).toContain('聊天室管理员');
    expect((await t.app.chat.authenticate(m.chatToken)).role).toBe('moderator');
    const add = await runCli(CLI, ['blocked-words', '--add', '代购', ...url], env);
    expect(add.code, add.err).toBe(0);
    const list = await runCli(CLI, ['blocked-words', ...url], env);
    expect(list.out).toContain('代购');
    const del = await runCli(CLI, ['blocked-words', '--delete', '代购', ...url], env);
    expect(del.code, del.err).toBe(0);
    const again = await runCli(CLI, ['blocked-words', '--delete', '代购', ...url], env);
    expect(again.code).toBe(1);
    expect(again.err).toContain('没有这个词');
    const bad = await runCli(
      CLI,
      ['chat-role', '--member', 'x', '--role', 'moderator', ...url],
      env,
    );
    expect(bad.code).toBe(2);
  });
});

describe('pictures', () => {
  const upload = (bytes: Buffer, chatToken?: string, name = 'photo.jpg') => {
    const boundary = 'kjchatboundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
          'content-type: image/jpeg\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/chat-api/images',
      payload: body,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(chatToken && { authorization: `Bearer ${chatToken}` }),
      },
    });
  };

  it('stores a member’s picture without its camera data, and the room shows it', async () => {
    expect((await upload(jpegWithExif())).statusCode).toBe(401);
    const m = await chatMember(t.app);
    const res = await upload(jpegWithExif(), m.chatToken);
    expect(res.statusCode).toBe(200);
    const { path: picture } = res.json().data as { path: string };
    expect(picture).toMatch(/^\/sys-upload\/chat\/\d{6}\/[0-9a-f]{24}\.jpg$/);
    const served = await t.app.inject({ url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.toString('latin1')).not.toContain('GPS');
    expect(served.rawPayload.toString('latin1')).toContain('JFIF');
    const s = await signedIn(m, 'lobby');
    s.send({ id: 'p', type: 'say', room: 'lobby', image: picture });
    const shown = (await s.next(type('message'))) as unknown as { message: { image: string } };
    expect(shown.message.image).toBe(picture);
    // Only pictures the chat stored itself.
    s.send({ id: 'x', type: 'say', room: 'lobby', image: 'https://evil.example/a.jpg' });
    await s.next(type('error', (f) => f.id === 'x' && f.code === 'REQ/INVALID'));
    await s.close();
  });

  it('refuses what is not a picture, an SVG, and a file over 2 MB', async () => {
    const m = await chatMember(t.app);
    expect(
      (await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), m.chatToken))
        .statusCode,
    ).toBe(400);
    expect((await upload(Buffer.from('hello'), m.chatToken)).statusCode).toBe(400);
    const big = Buffer.concat([jpegWithExif().subarray(0, -2), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await upload(big, m.chatToken)).statusCode).toBe(413);
  });
});

describe('the draw in its room', () => {
  const snapshot = (numbers: string[], status: DrawSnapshot['status']): DrawSnapshot => ({
    gameId: 112,
    issue: '2026999',
    status,
    numbers,
    drawAt: new Date().toISOString(),
    nextIssue: '2027001',
    nextDrawAt: new Date(Date.now() + 86_400_000).toISOString(),
    serverTime: new Date().toISOString(),
  });

  it('tells the room of a draw in one message, rewritten with the result, whatever instances hear it', async () => {
    const rooms = (await t.app.inject({ url: '/chat-api/rooms' })).json().data as { id: string }[];
    const room = rooms.find((r) => r.id.startsWith('game-') && r.id !== 'game-110')!.id;
    const gameId = Number(room.slice(5));
    const s = await socket();
    s.send({ type: 'join', room });
    await s.next(type('joined'));
    const at = (numbers: string[], status: DrawSnapshot['status']) => ({
      ...snapshot(numbers, status),
      gameId,
    });
    type Said = { message: { id: number; text: string; user: { role: string }; draw?: unknown } };
    await t.app.liveHub.publish(at(['07'], 'drawing'));
    const first = (await s.next(type('message'))) as unknown as Said;
    expect(first.message.text).toBe('第 2026999 期 开奖中');
    expect(first.message.user.role).toBe('system');
    expect(first.message.draw).toEqual({ gameId, issue: '2026999' });
    // Later balls, and the same draw heard again (another instance, a redelivery), say nothing
    // more: the next message the room hears is the result, in the same message.
    await t.app.liveHub.publish(at(['07', '12'], 'drawing'));
    await t.app.chat.announce(room, 'dup', `draw:${gameId}:2026999`);
    const seven = ['07', '12', '19', '23', '31', '44', '48'];
    await t.app.liveHub.publish(at(seven, 'done'));
    const done = (await s.next(type('message'))) as unknown as Said;
    expect(done.message.id).toBe(first.message.id);
    expect(done.message.text).toContain('07 12 19 23 31 44 特码 48');
    // Heard again by another instance: nothing to rewrite, nothing published.
    expect(await t.app.chat.announce(room, done.message.text, `draw:${gameId}:2026999`, true)).toBe(
      undefined,
    );
    const items = (await t.app.inject({ url: `/chat-api/rooms/${room}/messages` })).json().data
      .items as Said['message'][];
    const said = items.filter((i) => i.user.role === 'system');
    expect(said).toHaveLength(1);
    expect(said[0]!.text).toBe(done.message.text);
    expect(said[0]!.draw).toEqual({ gameId, issue: '2026999' });
    await s.close();
  });
});

describe('retention', () => {
  it('keeps each room’s newest messages and none past the age limit', async () => {
    const repo = t.app.repos.chat;
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const now = new Date().toISOString();
    const add = (room: string, at: string) =>
      repo.addMessage({
        room,
        memberId: null,
        nickname: 'x',
        avatar: '',
        role: 'system',
        text: 't',
        image: null,
        at,
      });
    await add('game-901', old);
    for (let i = 0; i < 5; i++) await add('game-902', now);
    await repo.prune(new Date(Date.now() - 7 * 86_400_000).toISOString(), 3);
    expect(await repo.history('game-901', null, 50)).toHaveLength(0);
    expect(await repo.history('game-902', null, 50)).toHaveLength(3);
  });
});
