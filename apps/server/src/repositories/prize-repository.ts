import type { Kysely } from 'kysely';
import type { PrizeInput, PrizeRecord } from '@kaijiang/domain';
import type { DB } from '../db/schema.ts';

export interface PrizeRepository {
  get(gameId: number, issue: string): Promise<PrizeRecord | undefined>;
  /** The records of some draws of a game (a history page), by issue. */
  forIssues(gameId: number, issues: readonly string[]): Promise<Map<string, PrizeRecord>>;
  /** The newest record of a draw before `drawAt` (the jackpot it carried over). */
  before(gameId: number, drawAt: string): Promise<PrizeRecord | undefined>;
  /** Writes (or replaces) a draw's record. */
  put(
    gameId: number,
    draw: { issue: string; drawAt: string },
    record: PrizeInput,
    updatedAt: string,
  ): Promise<PrizeRecord>;
  /** Many records at once (demo history), skipping those already there. */
  putMany(
    gameId: number,
    rows: readonly { issue: string; drawAt: string; record: PrizeInput }[],
    updatedAt: string,
  ): Promise<void>;
}

const parse = (row: { record: string; updated_at: string }): PrizeRecord => ({
  ...(JSON.parse(row.record) as PrizeInput),
  updatedAt: row.updated_at,
});

/** Only the record's own fields are stored, whatever else the caller's object carries. */
const text = (r: PrizeInput): string =>
  JSON.stringify({
    divisions: r.divisions.map(({ division, winners, dividend }) => ({
      division,
      winners,
      dividend,
    })),
    turnover: r.turnover,
    jackpot: r.jackpot,
    snowball: r.snowball,
    ...(r.unitStake !== undefined && { unitStake: r.unitStake }),
  });

export function createPrizeRepository(db: Kysely<DB>): PrizeRepository {
  return {
    async get(gameId, issue) {
      const row = await db
        .selectFrom('draw_prizes')
        .select(['record', 'updated_at'])
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .executeTakeFirst();
      return row && parse(row);
    },
    async forIssues(gameId, issues) {
      const out = new Map<string, PrizeRecord>();
      if (issues.length === 0) return out;
      const rows = await db
        .selectFrom('draw_prizes')
        .select(['issue', 'record', 'updated_at'])
        .where('game_id', '=', gameId)
        .where('issue', 'in', [...issues])
        .execute();
      for (const row of rows) out.set(row.issue, parse(row));
      return out;
    },
    async before(gameId, drawAt) {
      const row = await db
        .selectFrom('draw_prizes')
        .select(['record', 'updated_at'])
        .where('game_id', '=', gameId)
        .where('draw_at', '<', drawAt)
        .orderBy('draw_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && parse(row);
    },
    async put(gameId, draw, record, updatedAt) {
      const values = {
        game_id: gameId,
        issue: draw.issue,
        draw_at: draw.drawAt,
        record: text(record),
        updated_at: updatedAt,
      };
      await db
        .insertInto('draw_prizes')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['game_id', 'issue']).doUpdateSet({
            draw_at: values.draw_at,
            record: values.record,
            updated_at: values.updated_at,
          }),
        )
        .execute();
      return parse(values);
    },
    async putMany(gameId, rows, updatedAt) {
      for (let i = 0; i < rows.length; i += 200) {
        const chunk = rows.slice(i, i + 200).map((r) => ({
          game_id: gameId,
          issue: r.issue,
          draw_at: r.drawAt,
          record: text(r.record),
          updated_at: updatedAt,
        }));
        if (chunk.length === 0) continue;
        await db
          .insertInto('draw_prizes')
          .values(chunk)
          .onConflict((oc) => oc.columns(['game_id', 'issue']).doNothing())
          .execute();
      }
    },
  };
}
