import { describe, expect, it } from 'vitest';
import { formatDataTime } from './register-sw';

describe('offline badge time', () => {
  it('shows the time of today’s data, and the date of older data', () => {
    const at = new Date(2026, 10, 21, 9, 5).getTime();
    expect(formatDataTime(at, new Date(2026, 10, 21, 18, 0).getTime())).toBe('09:05');
    expect(formatDataTime(at, new Date(2026, 10, 22, 8, 0).getTime())).toBe('11-21 09:05');
  });
});
