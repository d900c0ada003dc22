import { describe, expect, it } from 'vitest';
import { formatRecent, formatTime } from './format';

describe('formatRecent', () => {
  it('gives the time alone on the same Beijing day, the whole date and time on another', () => {
    // 23:30 UTC is 07:30 the next morning in Beijing: "today" is Beijing's, not UTC's.
    const now = new Date('2026-11-27T23:30:00Z');
    expect(formatRecent('2026-11-27T16:00:00Z', now)).toBe('00:00:00');
    expect(formatRecent('2026-11-27T23:29:59Z', now)).toBe('07:29:59');
    expect(formatRecent('2026-11-27T15:59:59Z', now)).toBe('2026-11-27 23:59:59');
    expect(formatRecent('2026-11-27T15:59:59Z', now)).toBe(formatTime('2026-11-27T15:59:59Z'));
  });
});
