import { describe, expect, it } from 'vitest';
import { ballDetails, sumDetail } from './draw-detail.ts';

describe('draw details', () => {
  it('describes each ball in the lunar year of the draw', () => {
    const [first, second] = ballDetails(['01', '02'], 2026);
    expect(first).toEqual({
      number: '01',
      colour: 'red',
      colourZh: '红波',
      zodiac: 'horse',
      zodiacZh: '马',
      element: 'water',
      elementZh: '水',
      size: 'small',
      sizeZh: '小',
      parity: 'odd',
      parityZh: '单',
    });
    expect(second).toMatchObject({ zodiacZh: '蛇', elementZh: '火' });
    expect(ballDetails(['01'], 2025)[0]?.zodiacZh).toBe('蛇');
  });

  it('sums only a complete draw', () => {
    expect(sumDetail(['01', '02', '03'])).toBeNull();
    expect(sumDetail(['01', '02', '03', '04', '05', '06', '49'])).toEqual({
      sum: 70,
      size: 'small',
      sizeZh: '总小',
      parity: 'even',
      parityZh: '总双',
    });
    expect(sumDetail(['49', '48', '47', '46', '45', '44', '43'])?.size).toBe('big');
  });
});
