// Likes (one per member or device), favourites and comments of the picture library
// (docs/architecture.md §14), on SQLite and, with scripts/with-postgres.sh, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, memberApp, registered, type TestApp } from '../members/member-helpers.ts';
import { ADMIN, TOKEN, V2, auth, createSeries, png, upload } from './helpers.ts';

const DEVICE_A = 'devA-0123456789abcdef';
const DEVICE_B = 'devB-0123456789abcdef';

describe('gallery likes, favourites and comments', () => {
  let t: TestApp;
  let id: number;
  let issueUrl: string;
  beforeAll(async () => {
    t = await memberApp({ adminToken: TOKEN });
    id = await createSeries(t.app, { name: '互动测试' });
    await upload(t.app, id, [
      { name: '2026001.png', bytes: png() },
      { name: '2026002.png', bytes: png() },
    ]);
    issueUrl = `${V2}/series/${id}/issues/2026002`;
  });
  afterAll(() => t.close());

  it('counts one like per device and per member; PUT and DELETE are idempotent', async () => {
    const visitor = await client(t.app);
    const like = (method: 'PUT' | 'DELETE', headers: Record<string, string>, token?: string) =>
      visitor.send({ method, url: `${issueUrl}/like`, headers }, token);
    expect((await like('PUT', {})).statusCode).toBe(400);
    expect((await like('PUT', { 'x-device-id': 'short' })).statusCode).toBe(400);
    expect((await like('PUT', { 'x-device-id': DEVICE_A })).json().data).toEqual({
      likes: 1,
      liked: true,
    });
    expect((await like('PUT', { 'x-device-id': DEVICE_A })).json().data.likes).toBe(1);
    expect((await like('PUT', { 'x-device-id': DEVICE_B })).json().data.likes).toBe(2);
    const m = await registered(t.app);
    expect((await like('PUT', {}, m.token)).json().data.likes).toBe(3);
    // A member is one liker whatever device they use.
    expect(
      (await like('PUT', { 'x-device-id': 'devC-0123456789abcdef' }, m.token)).json().data.likes,
    ).toBe(3);
    expect((await like('DELETE', { 'x-device-id': DEVICE_A })).json().data).toEqual({
      likes: 2,
      liked: false,
    });
    expect((await like('DELETE', { 'x-device-id': DEVICE_A })).json().data.likes).toBe(2);
    const seen = await visitor.send({ url: issueUrl, headers: { 'x-device-id': DEVICE_B } });
    expect(seen.json().data).toMatchObject({ likes: 2, liked: true });
    const other = await visitor.send({ url: issueUrl, headers: { 'x-device-id': DEVICE_A } });
    expect(other.json().data.liked).toBe(false);
    expect((await t.app.inject({ url: `${V2}/series/${id}` })).json().data.likes).toBe(2);
    const admin = await t.app.inject({ url: `${ADMIN}/series/${id}`, headers: auth });
    expect(admin.json().data.likes).toBe(2);
  });

  it('holds one address to a pace however many device ids it invents', async () => {
    const visitor = await client(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await visitor.send({
        method: 'PUT',
        url: `${V2}/series/${id}/issues/2026001/like`,
        headers: { 'x-device-id': `flood-${String(i).padStart(16, '0')}` },
      });
      codes.push(res.statusCode);
    }
    // 60 at once, plus the one a second that flows back while the requests run.
    const liked = codes.filter((c) => c === 200).length;
    expect(liked).toBeGreaterThanOrEqual(60);
    expect(liked).toBeLessThan(66);
    expect(codes).toContain(429);
  });

  it("keeps a member's favourite series", async () => {
    const m = await registered(t.app);
    const fav = (method: 'GET' | 'PUT' | 'DELETE', path = '', token: string | null = m.token) =>
      m.c.send({ method, url: `/app-api/api/user/gallery-favourites${path}` }, token ?? undefined);
    expect((await fav('PUT', `/${id}`, null)).statusCode).toBe(401);
    expect(
      (await fav('PUT', `/${id}`)).json().data.series.map((s: { id: number }) => s.id),
    ).toEqual([id]);
    expect((await fav('PUT', `/${id}`)).json().data.series).toHaveLength(1);
    expect((await fav('PUT', '/999999')).statusCode).toBe(404);
    expect((await fav('GET')).json().data.series[0].name).toBe('互动测试');
    expect((await fav('DELETE', `/${id}`)).json().data.series).toEqual([]);
  });

  it("takes comments from members under the chat's word rules, mutes and pace", async () => {
    const m = await registered(t.app);
    const say = (text: string, token: string | null = m.token) =>
      m.c.send(
        { method: 'POST', url: `${issueUrl}/comments`, payload: { text } },
        token ?? undefined,
      );
    expect((await say('你好', null)).statusCode).toBe(401);
    expect((await say('')).statusCode).toBe(400);
    expect((await say('x'.repeat(201))).statusCode).toBe(400);
    await t.app.repos.chat.addBlockedWord('代开', new Date().toISOString());
    const blocked = await say('找我代\u200b开');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().code).toBe('CHAT/BLOCKED_WORD');
    const first = await say('  这期不错\u202e ');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.text).toBe('这期不错');
    await say('第二条');
    await say('第三条');
    const fast = await say('第四条');
    expect(fast.statusCode).toBe(429);
    const list = (await t.app.inject({ url: `${issueUrl}/comments` })).json().data;
    expect(list.items.map((c: { text: string }) => c.text)).toEqual([
      '第三条',
      '第二条',
      '这期不错',
    ]);
    expect(list.nextBefore).toBeNull();

    const session = await t.app.members.authenticate(m.token);
    const now = new Date();
    await t.app.repos.chat.mute(
      session.memberId,
      new Date(now.getTime() + 60_000).toISOString(),
      0,
      now.toISOString(),
    );
    const muted = await say('禁言中');
    expect(muted.statusCode).toBe(403);
    expect(muted.json().code).toBe('CHAT/MUTED');
  });

  it('lets an operator hide a comment; the count follows', async () => {
    const m = await registered(t.app);
    const url = `${V2}/series/${id}/issues/2026001/comments`;
    const said = await m.c.send({ method: 'POST', url, payload: { text: '要隐藏的' } }, m.token);
    const commentId = said.json().data.id as number;
    const before = (await t.app.inject({ url: `${V2}/series/${id}/issues/2026001` })).json().data
      .comments;
    const all = await t.app.inject({ url: `${ADMIN}/comments?seriesId=${id}`, headers: auth });
    expect(all.json().data.items.find((c: { id: number }) => c.id === commentId)).toMatchObject({
      hidden: false,
      issue: '2026001',
      seriesName: '互动测试',
    });
    const hide = await t.app.inject({
      method: 'PUT',
      url: `${ADMIN}/comments/${commentId}`,
      headers: auth,
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    // Twice is once.
    await t.app.inject({
      method: 'PUT',
      url: `${ADMIN}/comments/${commentId}`,
      headers: auth,
      payload: { hidden: true },
    });
    const after = (await t.app.inject({ url: `${V2}/series/${id}/issues/2026001` })).json().data
      .comments;
    expect(after).toBe(before - 1);
    const shown = (await t.app.inject({ url })).json().data.items;
    expect(shown.some((c: { id: number }) => c.id === commentId)).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${ADMIN}/comments/99999`,
          headers: auth,
          payload: { hidden: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
