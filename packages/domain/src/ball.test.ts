import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ballInfo, ballLabel } from './ball.ts';
import { formatCurrency, maskPhone } from './format.ts';
import { sumAttributes } from './sum.ts';

describe('ball info', () => {
  it('describes 07 in 2026', () => {
    expect(ballInfo('07', 2026)).toEqual({
      number: '07',
      colour: 'red',
      colourZh: '红波',
      hex: '#df0000',
      zodiac: 'rat',
      zodiacZh: '鼠',
      element: 'earth',
      elementZh: '土',
      size: 'small',
      sizeZh: '小',
      parity: 'odd',
      parityZh: '单',
      domestic: false,
    });
    expect(ballLabel(7, 2026)).toBe('07 红波 鼠');
    expect(ballLabel(1, 2026)).toBe('01 红波 马');
  });

  it('marks the year animal domestic in 2026 (horse)', () => {
    expect(ballInfo(1, 2026).domestic).toBe(true);
    expect(ballInfo(2, 2026).domestic).toBe(false);
  });
});

describe('sum attributes', () => {
  it('splits at 175 and reads parity', () => {
    expect(sumAttributes([1, 2, 3, 4, 5, 6, 7])).toEqual({
      sum: 28,
      size: 'small',
      parity: 'even',
    });
    expect(sumAttributes([43, 44, 45, 46, 47, 48, 49])).toEqual({
      sum: 322,
      size: 'big',
      parity: 'even',
    });
    expect(sumAttributes(['20', '21', '22', '23', '24', '30', '35']).size).toBe('big'); // 175
    expect(sumAttributes(['20', '21', '22', '23', '24', '30', '34']).size).toBe('small'); // 174
  });

  it('agrees with plain arithmetic for any draw', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { minLength: 7, maxLength: 7 }),
        (draw) => {
          const s = draw.reduce((a, b) => a + b, 0);
          const attrs = sumAttributes(draw);
          return (
            attrs.sum === s &&
            attrs.size === (s >= 175 ? 'big' : 'small') &&
            attrs.parity === (s % 2 ? 'odd' : 'even')
          );
        },
      ),
    );
  });
});

describe('formatters', () => {
  it('rounds currency to an integer with thousands separators', () => {
    expect(formatCurrency(12345.6)).toBe('12,346');
    expect(formatCurrency(1234567)).toBe('1,234,567');
    expect(formatCurrency(0.4)).toBe('0');
    expect(formatCurrency(2.5)).toBe('3');
    expect(formatCurrency(-1234.5)).toBe('-1,235');
    expect(formatCurrency(Number.NaN)).toBe('0');
  });

  it('masks a phone number but its head and last two digits', () => {
    expect(maskPhone('13812345678')).toBe('138****78');
    expect(maskPhone('85291234567')).toBe('852****67');
    expect(maskPhone('12345')).toBe('****45');
    expect(maskPhone('')).toBe('');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7,15}$/), (p) => {
        const m = maskPhone(p);
        return m === `${p.slice(0, 3)}****${p.slice(-2)}` && m.length === 9;
      }),
    );
  });
});
