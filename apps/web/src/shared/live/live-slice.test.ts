import type { DrawSnapshot } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import {
  initialLiveState,
  isNewer,
  liveSlice,
  snapshotsReceived,
  type LiveState,
} from './live-slice';

const snap = (over: Partial<DrawSnapshot> = {}): DrawSnapshot => ({
  gameId: 120,
  issue: '202611210162',
  status: 'drawing',
  numbers: [],
  drawAt: '2026-11-21T05:25:00.000Z',
  nextIssue: '202611210163',
  nextDrawAt: '2026-11-21T05:30:00.000Z',
  serverTime: '2026-11-21T05:25:01.000Z',
  ...over,
});

const reduce = (state: LiveState, snapshots: DrawSnapshot[], receivedAt = 0) =>
  liveSlice.reducer(state, snapshotsReceived({ snapshots, receivedAt }));

describe('live snapshots', () => {
  it('keeps the balls in the order the server revealed them', () => {
    let s = initialLiveState;
    for (const numbers of [['07'], ['07', '33'], ['07', '33', '12']])
      s = reduce(s, [snap({ numbers })]);
    expect(s.draws[120]?.numbers).toEqual(['07', '33', '12']);
  });

  it('never moves a game back: a stale snapshot of the same draw is ignored', () => {
    let s = reduce(initialLiveState, [snap({ numbers: ['07', '33', '12'] })]);
    s = reduce(s, [snap({ numbers: ['07'] })]);
    expect(s.draws[120]?.numbers).toEqual(['07', '33', '12']);
    s = reduce(s, [snap({ status: 'done', numbers: ['07', '33', '12', '01', '02', '03', '04'] })]);
    s = reduce(s, [snap({ status: 'drawing', numbers: ['07', '33', '12', '01', '02', '03'] })]);
    expect(s.draws[120]?.status).toBe('done');
  });

  it('never goes back to an older draw, but always moves on to a newer one', () => {
    const older = snap({
      issue: '202611210161',
      drawAt: '2026-11-21T05:20:00.000Z',
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
    let s = reduce(initialLiveState, [snap({ numbers: ['09'] })]);
    s = reduce(s, [older]);
    expect(s.draws[120]?.issue).toBe('202611210162');
    s = reduce(s, [
      snap({ issue: '202611210163', drawAt: '2026-11-21T05:30:00.000Z', numbers: [] }),
    ]);
    expect(s.draws[120]).toMatchObject({ issue: '202611210163', numbers: [] });
  });

  it('keeps each game apart', () => {
    const s = reduce(initialLiveState, [snap(), snap({ gameId: 110, issue: '2026325' })]);
    expect(Object.keys(s.draws).sort()).toEqual(['110', '120']);
  });

  it('accepts the same progress again (a fresher next-draw time)', () => {
    expect(isNewer(snap({ numbers: ['01'] }), snap({ numbers: ['01'], nextDrawAt: 'x' }))).toBe(
      true,
    );
    expect(isNewer(undefined, snap())).toBe(true);
  });
});

describe('server clock offset', () => {
  it('is the server time minus the local arrival time, best (largest) of the recent samples', () => {
    const server = Date.parse('2026-11-21T05:25:01.000Z');
    // The visitor's phone runs 10 minutes slow; transit delays make some samples smaller.
    let s = reduce(initialLiveState, [snap()], server - 600_000 + 300);
    expect(s.clockOffsetMs).toBe(600_000 - 300);
    s = reduce(s, [snap()], server - 600_000 + 40);
    expect(s.clockOffsetMs).toBe(600_000 - 40);
    s = reduce(s, [snap()], server - 600_000 + 900);
    expect(s.clockOffsetMs).toBe(600_000 - 40);
  });

  it('forgets old samples, so a corrected phone clock is followed', () => {
    const server = Date.parse('2026-11-21T05:25:01.000Z');
    let s = reduce(initialLiveState, [snap()], server - 5_000);
    for (let i = 0; i < 5; i++) s = reduce(s, [snap()], server - 20);
    expect(s.clockOffsetMs).toBe(20);
  });

  it('takes samples even from snapshots too old to show', () => {
    let s = reduce(
      initialLiveState,
      [snap({ numbers: ['01', '02'] })],
      Date.parse('2026-11-21T05:25:01.000Z'),
    );
    s = reduce(
      s,
      [snap({ numbers: ['01'], serverTime: '2026-11-21T05:25:03.000Z' })],
      Date.parse('2026-11-21T05:25:02.000Z'),
    );
    expect(s.clockOffsetMs).toBe(1000);
    expect(s.draws[120]?.numbers).toEqual(['01', '02']);
  });
});
