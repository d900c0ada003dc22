import { describe, expect, it } from 'vitest';
import { followingIssue } from './issue-follow.ts';
import { issueOf } from './schedule.ts';

const HK = { drawTime: '21:30', drawDays: [2, 4, 6], timezone: 'Asia/Hong_Kong' };
const at = (iso: string) => new Date(iso);

describe('followingIssue', () => {
  it("follows a real numbering (26/086 on 8 August 2026) instead of the schedule's", () => {
    const last = { issue: '2026086', drawAt: '2026-08-08T13:30:00.000Z' };
    // The schedule alone would count every Tue/Thu/Sat of the year: another number.
    expect(issueOf(HK, at('2026-08-11T13:30:00Z'))).not.toBe('2026087');
    expect(followingIssue(HK, last, at('2026-08-11T13:30:00Z'))).toBe('2026087');
    const dec = { issue: '2026140', drawAt: '2026-12-31T13:30:00.000Z' };
    expect(followingIssue(HK, dec, at('2027-01-02T13:30:00Z'))).toBe('2027001');
  });

  it("keeps the schedule's numbering while the stored draws follow it", () => {
    const next = at('2026-08-11T13:30:00Z');
    const prev = at('2026-08-08T13:30:00Z');
    const last = { issue: issueOf(HK, prev), drawAt: prev.toISOString() };
    expect(followingIssue(HK, last, next)).toBe(issueOf(HK, next));
    expect(followingIssue(HK, undefined, next)).toBe(issueOf(HK, next));
    const fast = { ...HK, drawDays: [], intervalMinutes: 5 };
    expect(followingIssue(fast, { issue: '7', drawAt: prev.toISOString() }, next)).toBe(
      issueOf(fast, next),
    );
  });
});
