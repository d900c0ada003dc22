import type { Faq } from '@kaijiang/domain';
import type { Kysely, Selectable } from 'kysely';
import type { DB, FaqTable } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';
import { activeFlag, definedColumns, removeById } from './content-rows.ts';

export interface FaqRecord extends Faq {
  sort: number;
  active: boolean;
}

export interface FaqInput {
  question: string;
  answer: string;
  sort?: number;
  active?: boolean;
}

export interface FaqRepository {
  /** In display order; hidden ones only when asked. */
  list(opts?: { includeHidden?: boolean }): Promise<FaqRecord[]>;
  get(id: number): Promise<FaqRecord | undefined>;
  create(input: FaqInput): Promise<FaqRecord>;
  update(id: number, patch: Partial<FaqInput>): Promise<FaqRecord | undefined>;
  remove(id: number): Promise<boolean>;
}

const toRecord = (r: Selectable<FaqTable>): FaqRecord => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  sort: r.sort,
  active: r.active === 1,
});

export function createFaqRepository(db: Kysely<DB>): FaqRepository {
  const get = async (id: number) => {
    const row = await db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  };
  return {
    async list(opts = {}) {
      let q = db.selectFrom('faqs').selectAll();
      if (!opts.includeHidden) q = q.where('active', '=', 1);
      return (await q.orderBy('sort').orderBy('id').execute()).map(toRecord);
    },
    get,
    async create(f) {
      const now = nowIso();
      const row = await db
        .insertInto('faqs')
        .values({
          question: f.question,
          answer: f.answer,
          sort: f.sort ?? 0,
          active: f.active === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },
    async update(id, p) {
      const r = await db
        .updateTable('faqs')
        .set(
          definedColumns({
            question: p.question,
            answer: p.answer,
            sort: p.sort,
            active: activeFlag(p.active),
            updated_at: nowIso(),
          }),
        )
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0 ? get(id) : undefined;
    },
    remove: (id) => removeById(db, 'faqs', id),
  };
}
