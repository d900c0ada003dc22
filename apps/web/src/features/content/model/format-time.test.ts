import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime } from './format-time';

const viaIntl = (d: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('zh-CN', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
};

describe('formatDateTime', () => {
  it('writes Beijing time', () => {
    expect(formatDateTime('2026-03-01T13:32:00.000Z')).toBe('2026-03-01 21:32');
    expect(formatDateTime('2026-12-31T16:05:00Z')).toBe('2027-01-01 00:05');
    expect(formatDate('2026-12-31T16:05:00Z')).toBe('2027-01-01');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('agrees with the zone database for every instant, before and after 1991', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') }),
        (d) => {
          if (Number.isNaN(d.getTime())) return;
          expect(formatDateTime(d.toISOString())).toBe(viaIntl(d));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('formatCount', () => {
  it('groups thousands and writes 万 from ten thousand', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(9999)).toBe('9,999');
    expect(formatCount(12_345)).toBe('1.2万');
    expect(formatCount(20_000)).toBe('2万');
  });

  it('groups like the en-US locale for every count below ten thousand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999 }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});
