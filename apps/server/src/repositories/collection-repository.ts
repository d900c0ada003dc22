import type { Kysely, Selectable } from 'kysely';
import type { DB, MemberCollectionTable } from '../db/schema.ts';

export interface CollectionRecord {
  id: number;
  kind: string;
  refId: string;
  title: string;
  createdAt: string;
}

/** A member's saved items; every query is scoped by member. */
export interface CollectionRepository {
  /** Adds the item unless it is already there; returns the stored item either way. */
  add(
    memberId: number,
    item: { kind: string; refId: string; title: string },
    now: string,
  ): Promise<CollectionRecord>;
  find(memberId: number, kind: string, refId: string): Promise<CollectionRecord | undefined>;
  /** Newest first, optionally of one kind. */
  page(
    memberId: number,
    opts: { kind?: string; limit: number; offset: number },
  ): Promise<CollectionRecord[]>;
  count(memberId: number, kind?: string): Promise<number>;
  remove(memberId: number, id: number): Promise<boolean>;
  removeRef(memberId: number, kind: string, refId: string): Promise<boolean>;
  countAll(): Promise<number>;
}

const toRecord = (r: Selectable<MemberCollectionTable>): CollectionRecord => ({
  id: r.id,
  kind: r.kind,
  refId: r.ref_id,
  title: r.title,
  createdAt: r.created_at,
});

export function createCollectionRepository(db: Kysely<DB>): CollectionRepository {
  const find = async (memberId: number, kind: string, refId: string) => {
    const row = await db
      .selectFrom('member_collections')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('ref_id', '=', refId)
      .executeTakeFirst();
    return row && toRecord(row);
  };
  return {
    async add(memberId, item, now) {
      await db
        .insertInto('member_collections')
        .values({
          member_id: memberId,
          kind: item.kind,
          ref_id: item.refId,
          title: item.title,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['member_id', 'kind', 'ref_id']).doNothing())
        .execute();
      const stored = await find(memberId, item.kind, item.refId);
      if (!stored) throw new Error('collection item vanished after insert');
      return stored;
    },
    find,
    async page(memberId, { kind, limit, offset }) {
      let q = db.selectFrom('member_collections').selectAll().where('member_id', '=', memberId);
      if (kind !== undefined) q = q.where('kind', '=', kind);
      const rows = await q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
      return rows.map(toRecord);
    },
    async count(memberId, kind) {
      let q = db
        .selectFrom('member_collections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId);
      if (kind !== undefined) q = q.where('kind', '=', kind);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
    async remove(memberId, id) {
      const r = await db
        .deleteFrom('member_collections')
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async removeRef(memberId, kind, refId) {
      const r = await db
        .deleteFrom('member_collections')
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('ref_id', '=', refId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async countAll() {
      const r = await db
        .selectFrom('member_collections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
