import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followingIssue } from './issue-follow.ts';
import { issueOf, nextDrawAt, previousDrawAt } from './schedule.ts';
import { zonedParts } from './zoned-time.ts';

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

// Properties over any Hong Kong draw from 1993 on: what a feed-fed game's next issue may be.
describe('followingIssue properties', () => {
  const DAY = 86_400_000;
  const instant = fc.integer({
    min: Date.parse('1993-01-01T00:00:00Z'),
    max: Date.parse('2040-12-01T00:00:00Z'),
  });
  // A stored draw numbered by a feed (YYYYNNN), at a draw time of its year.
  const fed = fc
    .record({
      t: instant,
      count: fc.integer({ min: 1, max: 998 }),
      gap: fc.integer({ min: 1, max: 40 }),
    })
    .map(({ t, count, gap }) => {
      const drawAt = new Date(t);
      const year = zonedParts(drawAt, HK.timezone).year;
      return {
        issue: `${year}${String(count).padStart(3, '0')}`,
        drawAt,
        next: new Date(t + gap * DAY),
      };
    })
    .filter((d) => issueOf(HK, d.drawAt) !== d.issue);

  it('counts on by one in the same year and starts at 001 in a later one', () => {
    fc.assert(
      fc.property(fed, ({ issue, drawAt, next }) => {
        const got = followingIssue(HK, { issue, drawAt: drawAt.toISOString() }, next);
        const year = zonedParts(next, HK.timezone).year;
        if (year > Number(issue.slice(0, 4))) expect(got).toBe(`${year}001`);
        else expect(Number(got)).toBe(Number(issue) + 1);
      }),
    );
  });

  it("is the schedule's own number while the stored draw carries the schedule's", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 40 }), (t, gap) => {
        const prev = previousDrawAt(HK, new Date(t));
        const next = nextDrawAt(HK, new Date(prev.getTime() + gap * DAY));
        const last = { issue: issueOf(HK, prev), drawAt: prev.toISOString() };
        expect(followingIssue(HK, last, next)).toBe(issueOf(HK, next));
      }),
    );
  });

  it('is always a seven-digit YYYYNNN of the next draw’s year for a daily game', () => {
    fc.assert(
      fc.property(fed, ({ issue, drawAt, next }) => {
        const got = followingIssue(HK, { issue, drawAt: drawAt.toISOString() }, next);
        expect(got).toMatch(/^\d{7}$/);
        expect(Number(got.slice(0, 4))).toBe(zonedParts(next, HK.timezone).year);
      }),
    );
  });
});
