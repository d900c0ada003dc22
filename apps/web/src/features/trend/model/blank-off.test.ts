import { describe, expect, it } from 'vitest';
import { blankOff } from './blank-off';

describe('blankOff', () => {
  it('blanks the columns a draw could not have hit, and leaves other charts as they are', () => {
    const chart = {
      gameId: 111,
      kind: 'special',
      columns: ['01', '02', '03'],
      rows: [
        { issue: '1993001', drawAt: '', hits: ['01'], cells: [0, 0, 0], off: [1, 2] },
        { issue: '2002053', drawAt: '', hits: ['03'], cells: [1, 1, 0] },
      ],
      stats: { appear: [], maxMiss: [], avgMiss: [], maxStreak: [] },
    };
    expect(blankOff(chart).rows.map((r) => r.cells)).toEqual([
      [0, -1, -1],
      [1, 1, 0],
    ]);
    const plain = { ...chart, rows: [chart.rows[1]!] };
    expect(blankOff(plain)).toBe(plain);
  });
});
