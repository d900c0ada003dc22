// Nicknames are cleaned as chat text is and may not pass for the announcer, staff or a game,
// however they are spelt (issue 41): at registration, at a profile edit, and where the chat shows
// a name stored before these rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isReservedName,
  nameSkeleton,
  RESERVED_NAMES,
} from '../../src/services/members/nickname.ts';
import {
  client,
  GOOD_PASSWORD,
  memberApp,
  registered,
  uniqueName,
  URLS,
  type TestApp,
} from './member-helpers.ts';

const LOOK_ALIKES = [
  '开奖播报',
  '開獎播報', // Traditional
  '开奖播報', // mixed
  '开 奖 播 报',
  '开\u200b奖\u2060播\u200d报',
  '\u202e报播奖开\u202c开奖播报',
  '开奖播报员',
  '【开奖播报】',
  '官方客服小王',
  '管理員',
  'ADMIN',
  'ＡＤＭＩＮ', // full-width
  'аdmin', // Cyrillic а
  'Adm1n',
  'kaijiang_official',
  'K a i j i a n g',
  '0fficial',
  'rnoderator',
  'ѕуѕtеm', // Cyrillic
];
const FAIR = ['小明', '开奖了吗', 'badminton', '读者 42', 'Jim', '🙂 小红'];

describe('reserved names', () => {
  it.each(LOOK_ALIKES)('refuses %j', (name) => {
    expect(isReservedName(name, RESERVED_NAMES)).toBe(true);
  });
  it.each(FAIR)('allows %j', (name) => {
    expect(isReservedName(name, RESERVED_NAMES)).toBe(false);
  });
  it('folds scripts and widths to one skeleton', () => {
    expect(nameSkeleton('開獎播報')).toBe(nameSkeleton('开奖播报'));
    expect(nameSkeleton('ＳＹＳＴＥＭ')).toBe(nameSkeleton('system'));
  });
});

describe('nicknames through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
  });
  afterAll(() => t.close());

  const refusedAtRegistration = async (nickname: string) => {
    const res = await (
      await client(t.app)
    ).post(URLS.reg, {
      username: uniqueName('nick'),
      password: GOOD_PASSWORD,
      nickname,
    });
    return res.statusCode === 400 && typeof res.json().data?.nickname === 'string';
  };

  it('refuses the announcer, staff and look-alikes at registration and at a profile edit', async () => {
    const { token, c } = await registered(t.app);
    for (const nickname of [
      '开奖播报',
      '開獎播報',
      '开 奖 播 报',
      '开\u200b奖播报',
      'ＡＤＭＩＮ',
      '官方客服',
    ]) {
      expect(await refusedAtRegistration(nickname), nickname).toBe(true);
      const res = await c.post(URLS.updateInfo, { nickname }, token);
      expect(res.statusCode, nickname).toBe(400);
      expect(res.json().data.nickname).toMatch(/保留/);
    }
    const info = await c.get(URLS.info, token);
    expect(info.json().data.userInfo.nickname).toBe('');
  });

  it('refuses the names of the games and of the operators', async () => {
    const games = await t.app.repos.games.list();
    expect(games.length).toBeGreaterThan(0);
    const game = games.find((g) => /六合彩/.test(g.name)) ?? games[0]!;
    expect(await refusedAtRegistration(game.name)).toBe(true);
    // In Traditional script too.
    expect(await refusedAtRegistration(game.name.replace('澳门', '澳門'))).toBe(true);
    await t.app.operators.create({ username: 'zhang_ops', password: GOOD_PASSWORD, role: 'draw' });
    expect(await refusedAtRegistration('Zhang_Ops')).toBe(true);
    expect(await refusedAtRegistration('zhаng_оps')).toBe(true); // Cyrillic а, о
  });

  it("refuses a chat moderator's name to others, not to the moderator", async () => {
    const mod = await registered(t.app, { nickname: '小管家阿明' });
    const modId = (await mod.c.get(URLS.info, mod.token)).json().data.userInfo.id;
    await t.app.repos.chat.setRole(modId, 'moderator');
    expect(await refusedAtRegistration('小管家阿明')).toBe(true);
    expect(await refusedAtRegistration('小 管 家 阿 明')).toBe(true);
    const again = await mod.c.post(URLS.updateInfo, { nickname: '小管家阿明' }, mod.token);
    expect(again.statusCode).toBe(200);
  });

  it('refuses a username that passes for staff', async () => {
    const res = await (
      await client(t.app)
    ).post(URLS.reg, {
      username: 'Admin_2026',
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.username).toMatch(/保留/);
  });

  it('stores a nickname as chat text is shown: no format characters, NFKC, length after cleaning', async () => {
    const { token, c } = await registered(t.app, { nickname: '\u202e明小\u200b' });
    expect((await c.get(URLS.info, token)).json().data.userInfo.nickname).toBe('明小');
    await c.post(URLS.updateInfo, { nickname: 'Ｌｕｃｋｙ\u2066 7\u2069' }, token);
    expect((await c.get(URLS.info, token)).json().data.userInfo.nickname).toBe('Lucky 7');
    // Only invisible characters: no nickname (the username is shown).
    await c.post(URLS.updateInfo, { nickname: '\u200b\u2060\u202e' }, token);
    expect((await c.get(URLS.info, token)).json().data.userInfo.nickname).toBe('');
    // 20 signs the schema counts as 20 are 40 letters once NFKC has spelt them out (㍾ 明治).
    const long = await c.post(URLS.updateInfo, { nickname: '㍾'.repeat(20) }, token);
    expect(long.statusCode).toBe(400);
    expect(long.json().data.nickname).toMatch(/32/);
    const ok = await c.post(URLS.updateInfo, { nickname: '一\u200b二\u200b三' }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.nickname).toBe('一二三');
  });

  it('shows the username in the chat for a reserved nickname stored before the rules', async () => {
    const { token, c, username } = await registered(t.app);
    const me = (await c.get(URLS.info, token)).json().data.userInfo;
    await t.app.repos.members.updateProfile(
      me.id,
      { nickname: '開獎播報' },
      new Date().toISOString(),
    );
    const ticket = await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' }, token);
    const session = await t.app.inject({
      method: 'POST',
      url: '/chat-api/session',
      headers: { authorization: `Bearer ${ticket.json().data.chatLoginToken}` },
    });
    expect(session.json().data.user.nickname).toBe(username);
  });
});
