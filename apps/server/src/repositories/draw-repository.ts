import { isDrawOrigin, type DrawOrigin } from '@kaijiang/domain';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, DrawStatusValue, DrawTable } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';

export interface DrawRecord {
  gameId: number;
  issue: string;
  /** ISO-8601 UTC. */
  drawAt: string;
  /** Calendar year of drawAt in the game's time zone. */
  year: number;
  status: DrawStatusValue;
  numbers: string[];
  /** Where it came from; written as `simulator` when left out. */
  source?: DrawOrigin;
  /** When its complete result was first stored (ISO); null while it has none. */
  firstSeenAt?: string | null;
}

export interface DrawRepository {
  get(gameId: number, issue: string): Promise<DrawRecord | undefined>;
  /** The stored draws among some issues of a game (at most a few hundred at a time). */
  manyByIssue(gameId: number, issues: readonly string[]): Promise<DrawRecord[]>;
  /** The newest draw of a game in that status, by draw time. */
  newestWithStatus(gameId: number, status: DrawStatusValue): Promise<DrawRecord | undefined>;
  /** The newest draw of a game whatever its status. */
  newest(gameId: number): Promise<DrawRecord | undefined>;
  /** The oldest draw of a game (demo seeding extends history backwards from it). */
  oldest(gameId: number): Promise<DrawRecord | undefined>;
  /** Finished draws newest first. */
  pageDone(
    gameId: number,
    opts: { year?: number; limit: number; offset?: number },
  ): Promise<DrawRecord[]>;
  /**
   * Finished draws newest first (ties in draw time by issue, newest first) from the first one at
   * or before `atOrBefore`, `skip` of them passed over: a page by key, an index seek whatever its
   * depth (`skip` only steps over draws that share that draw time).
   */
  pageDoneFrom(
    gameId: number,
    opts: { year?: number; atOrBefore: string; skip: number; limit: number },
  ): Promise<DrawRecord[]>;
  /** The keys of finished draws newest first, strictly older than `before` when given. */
  keysDone(
    gameId: number,
    opts: { before?: { drawAt: string; issue: string }; limit: number },
  ): Promise<{ drawAt: string; issue: string; year: number }[]>;
  countDone(gameId: number, year?: number): Promise<number>;
  /**
   * Finished draws from `since` to `until` (ISO, both inclusive), counted on the index and only
   * up to `cap + 1`: whatever the game's history, the count costs at most that many index steps.
   */
  countDoneUpTo(
    gameId: number,
    opts: { since?: string; until?: string; cap: number },
  ): Promise<number>;
  /** Years with finished draws, newest first. */
  yearsDone(gameId: number): Promise<number[]>;
  /** Finished draws oldest first, after the given one (exclusive): export in chunks. */
  chunkDone(
    gameId: number,
    opts: {
      year?: number;
      after?: Pick<DrawRecord, 'drawAt' | 'issue'>;
      /** Draws at or after this instant (ISO), at or before `until`. */
      since?: string;
      until?: string;
      limit: number;
    },
  ): Promise<DrawRecord[]>;
  /** Inserts unless the issue exists; true when inserted. */
  insert(draw: DrawRecord): Promise<boolean>;
  /** Multi-row inserts in one transaction, existing issues left alone; returns rows inserted. */
  insertMany(draws: readonly DrawRecord[]): Promise<number>;
  /**
   * Stores the next state of a draw only if its numbers are still `expected`, so two writers
   * (an engine handing over, two operators) can never interleave balls, and numbers only once
   * the draw's time has come. True when stored.
   */
  advance(
    draw: Pick<DrawRecord, 'gameId' | 'issue'>,
    expected: readonly string[],
    next: { numbers: readonly string[]; status: DrawStatusValue; source?: DrawOrigin },
  ): Promise<boolean>;
  /** Removes a game's draws from one source (the simulator's demo data); returns how many. */
  deleteBySource(gameId: number, source: DrawOrigin): Promise<number>;
  /** Removes a draw still without any ball (a predicted issue the feed numbered otherwise). */
  deleteEmpty(gameId: number, issue: string): Promise<boolean>;
}

export const CHUNK = 500;

/** Milliseconds since the epoch (the draw engine's clock; tests move it). */
export type RepositoryClock = () => number;

/**
 * No result for a draw whose time has not come, whoever writes it (an import, a correction, an
 * operator's ball, a feed): every write of numbers passes here or `advance`'s own condition.
 */
export function assertDrawn(draws: readonly DrawRecord[], clock: RepositoryClock): void {
  const now = clock();
  const early = draws.find((d) => d.numbers.length > 0 && Date.parse(d.drawAt) > now);
  if (early) {
    throw new AppError(400, 'REQ/INVALID', `第 ${early.issue} 期尚未到开奖时间，不能录入结果`, {
      issue: '尚未到开奖时间',
    });
  }
}

export function toDrawRecord(r: Selectable<DrawTable>): DrawRecord {
  return {
    gameId: r.game_id,
    issue: r.issue,
    drawAt: r.draw_at,
    year: r.year,
    status: r.status,
    numbers: r.numbers ? r.numbers.split(',') : [],
    source: isDrawOrigin(r.source) ? r.source : 'simulator',
    firstSeenAt: r.first_seen_at,
  };
}

export function toRow(d: DrawRecord, now: string): Insertable<DrawTable> {
  return {
    game_id: d.gameId,
    issue: d.issue,
    draw_at: d.drawAt,
    year: d.year,
    status: d.status,
    numbers: d.numbers.join(','),
    created_at: now,
    updated_at: now,
    source: d.source ?? 'simulator',
    first_seen_at: d.firstSeenAt ?? (d.status === 'done' ? now : null),
  };
}

export async function insertChunks(
  trx: Transaction<DB>,
  draws: readonly DrawRecord[],
): Promise<number> {
  const now = nowIso();
  let inserted = 0;
  for (let i = 0; i < draws.length; i += CHUNK) {
    const rows = draws.slice(i, i + CHUNK).map((d) => toRow(d, now));
    const r = await trx
      .insertInto('draws')
      .values(rows)
      .onConflict((oc) => oc.columns(['game_id', 'issue']).doNothing())
      .executeTakeFirst();
    inserted += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

export function createDrawRepository(
  db: Kysely<DB>,
  clock: RepositoryClock = Date.now,
): DrawRepository {
  const done = (gameId: number, year?: number) => {
    let q = db
      .selectFrom('draws')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('status', '=', 'done');
    if (year !== undefined) q = q.where('year', '=', year);
    return q;
  };

  return {
    async get(gameId, issue) {
      const row = await db
        .selectFrom('draws')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .executeTakeFirst();
      return row && toDrawRecord(row);
    },
    async manyByIssue(gameId, issues) {
      if (issues.length === 0) return [];
      const rows = await db
        .selectFrom('draws')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('issue', 'in', [...issues])
        .execute();
      return rows.map(toDrawRecord);
    },
    async newestWithStatus(gameId, status) {
      const row = await db
        .selectFrom('draws')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('status', '=', status)
        .orderBy('draw_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toDrawRecord(row);
    },
    async newest(gameId) {
      const row = await db
        .selectFrom('draws')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('draw_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toDrawRecord(row);
    },
    async oldest(gameId) {
      const row = await db
        .selectFrom('draws')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('draw_at', 'asc')
        .limit(1)
        .executeTakeFirst();
      return row && toDrawRecord(row);
    },
    async pageDone(gameId, { year, limit, offset = 0 }) {
      const rows = await done(gameId, year)
        .orderBy('draw_at', 'desc')
        .orderBy('issue', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toDrawRecord);
    },
    async pageDoneFrom(gameId, { year, atOrBefore, skip, limit }) {
      let q = done(gameId, year)
        .where('draw_at', '<=', atOrBefore)
        .orderBy('draw_at', 'desc')
        .orderBy('issue', 'desc')
        .limit(limit);
      if (skip > 0) q = q.offset(skip);
      return (await q.execute()).map(toDrawRecord);
    },
    async keysDone(gameId, { before, limit }) {
      let q = db
        .selectFrom('draws')
        .select(['draw_at', 'issue', 'year'])
        .where('game_id', '=', gameId)
        .where('status', '=', 'done');
      if (before) {
        q = q
          .where('draw_at', '<=', before.drawAt)
          .where((eb) =>
            eb.or([
              eb('draw_at', '<', before.drawAt),
              eb.and([eb('draw_at', '=', before.drawAt), eb('issue', '<', before.issue)]),
            ]),
          );
      }
      const rows = await q
        .orderBy('draw_at', 'desc')
        .orderBy('issue', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ drawAt: r.draw_at, issue: r.issue, year: r.year }));
    },
    async countDone(gameId, year) {
      let q = db
        .selectFrom('draws')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('game_id', '=', gameId)
        .where('status', '=', 'done');
      if (year !== undefined) q = q.where('year', '=', year);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
    async countDoneUpTo(gameId, { since, until, cap }) {
      let q = db
        .selectFrom('draws')
        .select('issue')
        .where('game_id', '=', gameId)
        .where('status', '=', 'done');
      if (since !== undefined) q = q.where('draw_at', '>=', since);
      if (until !== undefined) q = q.where('draw_at', '<=', until);
      const row = await db
        .selectFrom(q.limit(cap + 1).as('r'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async yearsDone(gameId) {
      // One index seek per year instead of a DISTINCT over every draw of a 5-minute game.
      const years: number[] = [];
      let below: number | undefined;
      for (let guard = 0; guard < 500; guard++) {
        let q = db
          .selectFrom('draws')
          .select((eb) => eb.fn.max('year').as('y'))
          .where('game_id', '=', gameId)
          .where('status', '=', 'done');
        if (below !== undefined) q = q.where('year', '<', below);
        const y = (await q.executeTakeFirst())?.y;
        if (y === null || y === undefined) break;
        years.push(Number(y));
        below = Number(y);
      }
      return years;
    },
    async chunkDone(gameId, { year, after, since, until, limit }) {
      let q = done(gameId, year);
      if (since !== undefined) q = q.where('draw_at', '>=', since);
      if (until !== undefined) q = q.where('draw_at', '<=', until);
      // Keyset on (draw_at, issue): imported draws may share a date. The plain `>=` is what
      // lets the index seek to the chunk (the OR alone has every chunk scan the whole game).
      if (after) {
        q = q
          .where('draw_at', '>=', after.drawAt)
          .where((eb) =>
            eb.or([
              eb('draw_at', '>', after.drawAt),
              eb.and([eb('draw_at', '=', after.drawAt), eb('issue', '>', after.issue)]),
            ]),
          );
      }
      const rows = await q.orderBy('draw_at', 'asc').orderBy('issue', 'asc').limit(limit).execute();
      return rows.map(toDrawRecord);
    },
    async insert(draw) {
      assertDrawn([draw], clock);
      const r = await db
        .insertInto('draws')
        .values(toRow(draw, nowIso()))
        .onConflict((oc) => oc.columns(['game_id', 'issue']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async insertMany(draws) {
      if (draws.length === 0) return 0;
      assertDrawn(draws, clock);
      return db.transaction().execute((trx) => insertChunks(trx, draws));
    },
    async advance(draw, expected, next) {
      const now = nowIso();
      let q = db
        .updateTable('draws')
        .set((eb) => ({
          numbers: next.numbers.join(','),
          status: next.status,
          updated_at: now,
          ...(next.source && { source: next.source }),
          ...(next.status === 'done' && {
            first_seen_at: eb.fn.coalesce('first_seen_at', eb.val(now)),
          }),
        }))
        .where('game_id', '=', draw.gameId)
        .where('issue', '=', draw.issue)
        .where('numbers', '=', expected.join(','));
      // Numbers only once the draw's time has come (see assertDrawn).
      if (next.numbers.length > 0) q = q.where('draw_at', '<=', new Date(clock()).toISOString());
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async deleteBySource(gameId, source) {
      const r = await db
        .deleteFrom('draws')
        .where('game_id', '=', gameId)
        .where('source', '=', source)
        .executeTakeFirst();
      await db
        .deleteFrom('draw_prizes')
        .where('game_id', '=', gameId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('draws')
                .select('issue')
                .whereRef('draws.game_id', '=', 'draw_prizes.game_id')
                .whereRef('draws.issue', '=', 'draw_prizes.issue'),
            ),
          ),
        )
        .execute();
      return Number(r.numDeletedRows);
    },
    async deleteEmpty(gameId, issue) {
      const r = await db
        .deleteFrom('draws')
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .where('numbers', '=', '')
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
