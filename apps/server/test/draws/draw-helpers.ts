import type { FastifyInstance } from 'fastify';
import type { DrawRecord } from '../../src/repositories/index.ts';

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const drawOf = (app: FastifyInstance, gameId: number, issue: string) =>
  app.repos.draws.get(gameId, issue);

export function expectSevenDistinct(d: DrawRecord | undefined): string[] {
  if (!d) throw new Error('no draw');
  if (d.numbers.length !== 7 || new Set(d.numbers).size !== 7) {
    throw new Error(`not 7 distinct numbers: ${d.numbers.join(',')}`);
  }
  return d.numbers;
}

/** 2026-03-01 12:05:00 in Shanghai: a draw of the 5-minute game 120 (issue 202603010146). */
export const DRAW_120 = Date.parse('2026-03-01T04:05:00.000Z');
export const ISSUE_120 = '202603010146';

/** An operator's draw calls with ADMIN_TOKEN: a game's source, and one ball of its current draw. */
export function adminDrawCalls(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    setSource: (gameId: number, source: string) =>
      app.inject({
        method: 'PUT',
        url: `/app-api/admin/games/${gameId}/source`,
        headers,
        payload: { source },
      }),
    ball: (gameId: number, number: string) =>
      app.inject({
        method: 'POST',
        url: `/app-api/admin/draws/${gameId}/balls`,
        headers,
        payload: { number },
      }),
  };
}
