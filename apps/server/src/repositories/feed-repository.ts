import type { UpcomingDraw } from '@kaijiang/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** How many of a source's latest results its lag statistics keep. */
export const LAGS_KEPT = 30;

export interface FeedState {
  gameId: number;
  position: number;
  kind: string;
  url: string;
  polledBy: string;
  lastPollAt: string | null;
  lastOkAt: string | null;
  lastAnswer: string | null;
  lastError: string | null;
  failures: number;
  /** Newest last. */
  lags: { issue: string; lagS: number }[];
}

export interface DisputeCandidate {
  position: number;
  kind: string;
  numbers: string[];
}

export interface Dispute {
  gameId: number;
  issue: string;
  candidates: DisputeCandidate[];
  openedAt: string;
  settledAt: string | null;
  settledNumbers: string[] | null;
}

export interface FeedRepository {
  states(gameId: number): Promise<FeedState[]>;
  /** Writes one poll's outcome (the engine's holder only). */
  putState(s: Omit<FeedState, 'lags'>): Promise<void>;
  /** Adds a result's lag (seconds after the draw time) unless the issue has one already. */
  addLag(gameId: number, position: number, issue: string, lagS: number): Promise<void>;
  /** Drops the states of positions a new list no longer has (or all of them). */
  clearStates(gameId: number): Promise<void>;
  /** Opens a dispute, or refreshes the candidates of one still open. */
  openDispute(
    gameId: number,
    issue: string,
    candidates: DisputeCandidate[],
    at: string,
  ): Promise<void>;
  dispute(gameId: number, issue: string): Promise<Dispute | undefined>;
  openDisputes(gameId: number): Promise<Dispute[]>;
  settleDispute(
    gameId: number,
    issue: string,
    numbers: readonly string[],
    at: string,
  ): Promise<boolean>;
  upcoming(gameId: number): Promise<UpcomingDraw | undefined>;
  putUpcoming(gameId: number, u: UpcomingDraw, at: string): Promise<void>;
}

const parseLags = (s: string): FeedState['lags'] => {
  try {
    const v = JSON.parse(s) as FeedState['lags'];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

export function createFeedRepository(db: Kysely<DB>): FeedRepository {
  const toDispute = (r: {
    game_id: number;
    issue: string;
    candidates: string;
    opened_at: string;
    settled_at: string | null;
    settled_numbers: string | null;
  }): Dispute => ({
    gameId: r.game_id,
    issue: r.issue,
    candidates: JSON.parse(r.candidates) as DisputeCandidate[],
    openedAt: r.opened_at,
    settledAt: r.settled_at,
    settledNumbers: r.settled_numbers ? r.settled_numbers.split(',') : null,
  });
  return {
    async states(gameId) {
      const rows = await db
        .selectFrom('feed_states')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({
        gameId: r.game_id,
        position: r.position,
        kind: r.kind,
        url: r.url,
        polledBy: r.polled_by,
        lastPollAt: r.last_poll_at,
        lastOkAt: r.last_ok_at,
        lastAnswer: r.last_answer,
        lastError: r.last_error,
        failures: r.failures,
        lags: parseLags(r.lags),
      }));
    },
    async putState(s) {
      const values = {
        kind: s.kind,
        url: s.url,
        polled_by: s.polledBy,
        last_poll_at: s.lastPollAt,
        last_ok_at: s.lastOkAt,
        last_answer: s.lastAnswer?.slice(0, 2_000) ?? null,
        last_error: s.lastError?.slice(0, 300) ?? null,
        failures: s.failures,
      };
      await db
        .insertInto('feed_states')
        .values({ game_id: s.gameId, position: s.position, ...values })
        .onConflict((oc) => oc.columns(['game_id', 'position']).doUpdateSet(values))
        .execute();
    },
    async addLag(gameId, position, issue, lagS) {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('feed_states')
          .select('lags')
          .where('game_id', '=', gameId)
          .where('position', '=', position)
          .executeTakeFirst();
        if (!row) return;
        const lags = parseLags(row.lags);
        if (lags.some((l) => l.issue === issue)) return;
        const next = [...lags, { issue, lagS }].slice(-LAGS_KEPT);
        await trx
          .updateTable('feed_states')
          .set({ lags: JSON.stringify(next) })
          .where('game_id', '=', gameId)
          .where('position', '=', position)
          .execute();
      });
    },
    async clearStates(gameId) {
      await db.deleteFrom('feed_states').where('game_id', '=', gameId).execute();
    },
    async openDispute(gameId, issue, candidates, at) {
      await db
        .insertInto('draw_disputes')
        .values({ game_id: gameId, issue, candidates: JSON.stringify(candidates), opened_at: at })
        .onConflict((oc) =>
          oc
            .columns(['game_id', 'issue'])
            .doUpdateSet({ candidates: JSON.stringify(candidates) })
            .where('draw_disputes.settled_at', 'is', null),
        )
        .execute();
    },
    async dispute(gameId, issue) {
      const r = await db
        .selectFrom('draw_disputes')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .executeTakeFirst();
      return r && toDispute(r);
    },
    async openDisputes(gameId) {
      const rows = await db
        .selectFrom('draw_disputes')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('settled_at', 'is', null)
        .orderBy('opened_at', 'desc')
        .limit(20)
        .execute();
      return rows.map(toDispute);
    },
    async settleDispute(gameId, issue, numbers, at) {
      const r = await db
        .updateTable('draw_disputes')
        .set({ settled_at: at, settled_numbers: numbers.join(',') })
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .where('settled_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async upcoming(gameId) {
      const r = await db
        .selectFrom('draw_upcoming')
        .selectAll()
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return (
        r && {
          issue: r.issue,
          estimatedPrize: r.estimated_prize === null ? null : Number(r.estimated_prize),
          salesCloseAt: r.sales_close_at,
        }
      );
    },
    async putUpcoming(gameId, u, at) {
      const values = {
        issue: u.issue,
        estimated_prize: u.estimatedPrize,
        sales_close_at: u.salesCloseAt,
        updated_at: at,
      };
      await db
        .insertInto('draw_upcoming')
        .values({ game_id: gameId, ...values })
        .onConflict((oc) => oc.column('game_id').doUpdateSet(values))
        .execute();
    },
  };
}
