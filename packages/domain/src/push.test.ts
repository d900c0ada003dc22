import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawPush } from './push.ts';
import { ZODIAC_ZH, ZODIAC_ZH_HANT, zodiacOf } from './zodiac.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const draws = fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { minLength: 7, maxLength: 7 });

describe('the push of a finished draw', () => {
  it('names the issue and the game, and opens the game', () => {
    const p = drawPush({
      gameId: 110,
      gameName: '新澳门六合彩',
      issue: '2026328',
      numbers: ['07', '12', '18', '25', '33', '41', '49'],
      lunarYear: 2026,
      lang: 'zh-Hans',
    });
    expect(p.title).toBe('第 2026328 期 新澳门六合彩 开奖结果');
    // 2026 is a horse year: 01 is the horse, counting back one zodiac per number.
    expect(p.body).toBe('正码 07鼠 12羊 18牛 25马 33狗 41虎  特码 49马');
    expect(p.url).toBe('/game/110');
    expect(p.tag).toBe('kj-draw-110');
  });

  it('says every number in the order drawn with its zodiac, the special last, in either script', () => {
    fc.assert(
      fc.property(draws, fc.integer({ min: 2000, max: 2099 }), fc.boolean(), (ns, year, hant) => {
        const numbers = ns.map(pad);
        const lang = hant ? 'zh-Hant' : 'zh-Hans';
        const names = hant ? ZODIAC_ZH_HANT : ZODIAC_ZH;
        const p = drawPush({
          gameId: 1,
          gameName: 'g',
          issue: '1',
          numbers,
          lunarYear: year,
          lang,
        });
        const labels = numbers.map((n) => `${n}${names[zodiacOf(n, year)]}`);
        const [regular, special] = p.body.split(hant ? '  特碼 ' : '  特码 ');
        expect(regular).toBe(`${hant ? '正碼' : '正码'} ${labels.slice(0, 6).join(' ')}`);
        expect(special).toBe(labels[6]);
        expect(p.title.endsWith(hant ? '開獎結果' : '开奖结果')).toBe(true);
      }),
    );
  });

  it('refuses a draw that is not whole', () => {
    expect(() =>
      drawPush({
        gameId: 1,
        gameName: 'g',
        issue: '1',
        numbers: ['01'],
        lunarYear: 2026,
        lang: 'zh-Hans',
      }),
    ).toThrow(RangeError);
  });
});
