// A daily game's draw time moved after that day's draw (21:30 → 21:45 at 21:35 in Hong Kong):
// the day's draw is done, so neither the next issue nor the simulator may bring it back
// (packages/domain/src/schedule.ts drawAfter). At a fixed clock inside that window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { waitFor } from './draw-helpers.ts';

const TOKEN = 'Qm4-dr4wT1me_t3st-9xVbN2kLp7sRw5yZ0aH';
const auth = { authorization: `Bearer ${TOKEN}` };
const HK = 111;
// Saturday 28 November 2026, a Hong Kong draw day (Tue, Thu, Sat at 21:30).
const TODAY = '2026-11-28T13:30:00.000Z';
const at = (iso: string) => Date.parse(iso);
// Numbered as a feed numbers them (26/130), not as the schedule counts the year's draw days:
// the numbering a second draw of the day would have carried on (followingIssue).
const stored = (issue: string, drawAt: string, numbers: string[]) => ({
  gameId: HK,
  issue,
  drawAt,
  year: 2026,
  status: 'done' as const,
  numbers,
  source: 'hkjc' as const,
});

describe('draw time moved after the day’s draw', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => env.cleanup());

  it('keeps the next issue and the next draw on the next draw day', async () => {
    const app = await buildTestApp(
      env,
      { adminToken: TOKEN },
      { draws: { clock: clockFrom(at('2026-11-28T13:35:00Z')) } },
    );
    try {
      await app.repos.draws.insert(
        stored('2026129', '2026-11-26T13:30:00.000Z', ['01', '02', '03', '04', '05', '06', '07']),
      );
      await app.repos.draws.insert(
        stored('2026130', TODAY, ['11', '12', '13', '14', '15', '16', '17']),
      );
      const before = (await app.draws.snapshot(HK))!;
      expect(before).toMatchObject({ issue: '2026130', nextIssue: '2026131' });
      expect(before.nextDrawAt).toBe('2026-12-01T13:30:00.000Z');

      const res = await app.inject({
        method: 'PUT',
        url: `/app-api/admin/games/${HK}/draw-time`,
        headers: auth,
        payload: { drawTime: '21:45' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await app.draws.snapshot(HK))!;
      expect(after).toMatchObject({ issue: '2026130', status: 'done', nextIssue: '2026131' });
      // Tuesday at the new time, not today at 21:45.
      expect(after.nextDrawAt).toBe('2026-12-01T13:45:00.000Z');
    } finally {
      await app.close();
    }
  });

  it('has the simulator draw nothing more that day once 21:45 has passed', async () => {
    const app = await buildTestApp(
      env,
      { adminToken: TOKEN, drawEngine: true, drawBallIntervalMs: 30 },
      { draws: { clock: clockFrom(at('2026-11-28T13:46:00Z')) } },
    );
    try {
      // The engine has stepped: Macau's 21:32 draw of the day (game 110) is stored.
      await waitFor(() => app.repos.draws.newest(110), 15_000, 'the engine to step');
      await new Promise((r) => setTimeout(r, 1_000));
      const newest = (await app.repos.draws.newest(HK))!;
      expect(newest).toMatchObject({ issue: '2026130', drawAt: TODAY });
      expect((await app.draws.snapshot(HK))!).toMatchObject({
        issue: '2026130',
        nextIssue: '2026131',
        nextDrawAt: '2026-12-01T13:45:00.000Z',
      });
    } finally {
      await app.close();
    }
  });
});
