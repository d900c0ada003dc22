// Writes that replace stored results (issue 41): an import, a correction, a source's correction,
// a dispute settled. Each replaced draw leaves an audit entry with what it was and what it became,
// in the same transaction as the change: all of it is stored, or none.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import { auditRow } from './audit-repository.ts';
import {
  assertDrawn,
  CHUNK,
  insertChunks,
  toDrawRecord,
  type DrawRecord,
  type RepositoryClock,
} from './draw-repository.ts';

/** Who changes the results, and why, as each draw's audit entry names them. */
export interface ResultStamp {
  operatorId: number | null;
  actor: string;
  address: string;
  /** The audit action of each replaced draw (`draws.result.import`, …). */
  action: string;
  reason?: string;
}

export interface StoreResultsOptions {
  /** Existing issues: replaced (when different) or left alone. */
  onExisting: 'update' | 'skip';
  /** Issue → the numbers (joined by commas) the caller read: replaced only if still those. */
  expected?: ReadonlyMap<string, string>;
  stamp: ResultStamp;
}

export interface StoreResultsCounts {
  inserted: number;
  /** Existing draws whose result, time or status changed. */
  updated: number;
  /** Existing draws left as they were (identical, or `skip`). */
  skipped: number;
  /** The issues replaced, in the order given. */
  replaced: string[];
}

export interface DrawResultRepository {
  store(
    gameId: number,
    draws: readonly DrawRecord[],
    opts: StoreResultsOptions,
  ): Promise<StoreResultsCounts>;
}

const raced = () => new AppError(400, 'REQ/INVALID', '该期号码刚被其他操作修改，请刷新后重试');
const resultOf = (d: DrawRecord) => ({ drawAt: d.drawAt, status: d.status, numbers: d.numbers });
const same = (a: DrawRecord, b: DrawRecord) =>
  a.drawAt === b.drawAt && a.status === b.status && a.numbers.join() === b.numbers.join();

export function createDrawResultRepository(
  db: Kysely<DB>,
  clock: RepositoryClock = Date.now,
): DrawResultRepository {
  return {
    async store(gameId, draws, { onExisting, expected, stamp }) {
      assertDrawn(draws, clock);
      return db.transaction().execute(async (trx) => {
        const existing = new Map<string, DrawRecord>();
        const issues = draws.map((d) => d.issue);
        for (let i = 0; i < issues.length; i += CHUNK) {
          const rows = await trx
            .selectFrom('draws')
            .selectAll()
            .where('game_id', '=', gameId)
            .where('issue', 'in', issues.slice(i, i + CHUNK))
            .execute();
          for (const r of rows) existing.set(r.issue, toDrawRecord(r));
        }
        const inserted = await insertChunks(
          trx,
          draws.filter((d) => !existing.has(d.issue)),
        );
        const replaced: string[] = [];
        const entries = [];
        const at = nowIso();
        for (const d of onExisting === 'update' ? draws : []) {
          const was = existing.get(d.issue);
          if (!was || same(was, d)) continue;
          const read = was.numbers.join(',');
          if (expected?.has(d.issue) && expected.get(d.issue) !== read) throw raced();
          const r = await trx
            .updateTable('draws')
            .set({
              draw_at: d.drawAt,
              year: d.year,
              status: d.status,
              numbers: d.numbers.join(','),
              source: d.source ?? was.source ?? 'simulator',
              updated_at: at,
            })
            .where('game_id', '=', gameId)
            .where('issue', '=', d.issue)
            .where('numbers', '=', read)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw raced();
          replaced.push(d.issue);
          entries.push(
            auditRow({
              at,
              operatorId: stamp.operatorId,
              actor: stamp.actor,
              address: stamp.address,
              action: stamp.action,
              target: JSON.stringify({ gameId, issue: d.issue }),
              before: JSON.stringify(resultOf(was)),
              after: JSON.stringify({
                ...resultOf(d),
                ...(stamp.reason !== undefined && { reason: stamp.reason }),
              }),
            }),
          );
        }
        for (let i = 0; i < entries.length; i += CHUNK) {
          await trx
            .insertInto('audit_log')
            .values(entries.slice(i, i + CHUNK))
            .execute();
        }
        return {
          inserted,
          updated: replaced.length,
          skipped: existing.size - replaced.length,
          replaced,
        };
      });
    },
  };
}
