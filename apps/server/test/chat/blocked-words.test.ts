// Blocked words are found however they are spelt: invisible characters, full-width forms, spaces
// and punctuation between the letters (issue 41). The one check (lib/visible-text.ts) is driven
// directly and through the chat and the nickname, on the app's real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsBlocked, foldForWords, visibleText } from '../../src/lib/visible-text.ts';
import { client, memberApp, registered, URLS, type TestApp } from '../members/member-helpers.ts';

const SPELLINGS = [
  '代开',
  '代\u200b开',
  '代\u2060开',
  '代\u200c开',
  '代\u200d开',
  '代\ufeff开',
  '代\u00ad开',
  '代\u202e开',
  '代\u2066开\u2069',
  '代\ufe0f开',
  '代\u034f开',
  '代 开',
  '代\u3000开',
  '代.开',
  '代·开',
  '代\u180e开',
  '代\u3164开',
];

describe('the word check', () => {
  it.each(SPELLINGS)('finds 代开 in %j', (text) => {
    expect(containsBlocked(`今天${text}吗`, ['代开'])).toBe('代开');
  });

  it('folds full-width letters and case', () => {
    expect(containsBlocked('ＷＥＣＨＡＴ号', ['wechat'])).toBe('wechat');
    expect(containsBlocked('we\u200bchat', ['WeChat'])).toBe('WeChat');
    expect(foldForWords('Ｄ\u200bＡ\u2060Ｉ')).toBe('dai');
  });

  it('finds no word in clean text, and a word of punctuation matches nothing', () => {
    expect(containsBlocked('今天开奖了', ['代开'])).toBeNull();
    expect(containsBlocked('你好！', ['!!', '\u200b'])).toBeNull();
  });

  it('shows text without format characters, emoji joiners kept', () => {
    expect(visibleText('a\u202eb\u200bc\u2060d')).toBe('abcd');
    expect(visibleText('ＡＢ')).toBe('AB');
    const family = '👨\u200d👩\u200d👧';
    expect(visibleText(`${family}代\u200d开`)).toBe(`${family}代开`);
    expect(visibleText('a\nb', { lines: true })).toBe('a\nb');
    expect(visibleText('a\nb')).toBe('ab');
  });
});

describe('where words are checked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
    await t.app.repos.chat.addBlockedWord('代开', new Date().toISOString());
    t.app.chat.forgetWords();
  });
  afterAll(() => t.close());

  it('refuses a chat message that hides a blocked word, and stores what readers see', async () => {
    const m = (await t.app.repos.members.create(
      { username: 'wordy01', nickname: '', phone: '', passwordHash: 'x' },
      new Date().toISOString(),
    ))!;
    const who = {
      id: m.id,
      memberId: m.id,
      nickname: 'w',
      avatar: '',
      role: 'member',
      sessionHash: 'h',
    } as const;
    for (const text of SPELLINGS) {
      await expect(
        t.app.chat.say(who, 'game-110', { text: `来${text}` }, '10.41.0.1'),
      ).rejects.toMatchObject({ code: 'CHAT/BLOCKED_WORD' });
    }
    const said = await t.app.chat.say(who, 'game-110', { text: '\u202e你好\u200b呀' }, '10.41.0.1');
    expect(said.text).toBe('你好呀');
  });

  it('refuses a nickname that hides a blocked word', async () => {
    const { token, c } = await registered(t.app);
    for (const nickname of ['代\u200b开王', '代\u2060开', 'ｘ代 开']) {
      const res = await c.post(URLS.updateInfo, { nickname }, token);
      expect(res.statusCode, nickname).toBe(400);
      expect(res.json().data.nickname).toMatch(/不允许/);
    }
    const reg = await (
      await client(t.app)
    ).post(URLS.reg, {
      username: 'wordy02',
      password: 'violet-harbour-42',
      nickname: '代\u200b开',
    });
    expect(reg.statusCode).toBe(400);
  });
});
