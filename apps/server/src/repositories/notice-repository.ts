import type { Kysely, Selectable } from 'kysely';
import type { DB, NoticeTable } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { nowIso } from '../lib/time.ts';

export interface NoticeRecord {
  id: number;
  companyCode: string;
  content: string;
  sort: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NewNotice {
  companyCode: string;
  content: string;
  sort?: number;
  active?: boolean;
}

export interface NoticeRepository {
  /** Active notices of a company in display order. */
  listActive(companyCode: string): Promise<NoticeRecord[]>;
  listAll(companyCode: string): Promise<NoticeRecord[]>;
  create(notice: NewNotice): Promise<NoticeRecord>;
  update(id: number, patch: Partial<Omit<NewNotice, 'companyCode'>>): Promise<boolean>;
  remove(id: number): Promise<boolean>;
}

function toRecord(r: Selectable<NoticeTable>): NoticeRecord {
  return {
    id: r.id,
    companyCode: r.company_code,
    content: r.content,
    sort: r.sort,
    active: r.active === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function createNoticeRepository(db: Kysely<DB>, changes: ChangeFeed): NoticeRepository {
  const base = (companyCode: string) =>
    db
      .selectFrom('notices')
      .selectAll()
      .where('company_code', '=', companyCode)
      .orderBy('sort')
      .orderBy('id');
  return {
    async listActive(companyCode) {
      return (await base(companyCode).where('active', '=', 1).execute()).map(toRecord);
    },
    async listAll(companyCode) {
      return (await base(companyCode).execute()).map(toRecord);
    },
    async create(n) {
      const now = nowIso();
      const row = await db
        .insertInto('notices')
        .values({
          company_code: n.companyCode,
          content: n.content,
          sort: n.sort ?? 0,
          active: n.active === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      changes.emit('notices');
      return toRecord(row);
    },
    async update(id, patch) {
      const r = await db
        .updateTable('notices')
        .set({
          ...(patch.content !== undefined && { content: patch.content }),
          ...(patch.sort !== undefined && { sort: patch.sort }),
          ...(patch.active !== undefined && { active: patch.active ? 1 : 0 }),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      changes.emit('notices');
      return Number(r.numUpdatedRows) > 0;
    },
    async remove(id) {
      const r = await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
      changes.emit('notices');
      return Number(r.numDeletedRows) > 0;
    },
  };
}
