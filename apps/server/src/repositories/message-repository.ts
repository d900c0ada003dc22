import type { Kysely, Selectable } from 'kysely';
import type { DB, MemberMessageTable } from '../db/schema.ts';

export interface MessageRecord {
  id: number;
  title: string;
  content: string;
  readAt: string | null;
  createdAt: string;
}

/** A member's inbox; every query is scoped by member, so one member never reaches another's. */
export interface MessageRepository {
  create(memberId: number, m: { title: string; content: string }, now: string): Promise<number>;
  /** Newest first. */
  page(memberId: number, opts: { limit: number; offset: number }): Promise<MessageRecord[]>;
  count(memberId: number): Promise<number>;
  countUnread(memberId: number): Promise<number>;
  /** False when the message does not exist or is not this member's. */
  markRead(memberId: number, id: number, now: string): Promise<boolean>;
  markAllRead(memberId: number, now: string): Promise<number>;
  countAll(): Promise<number>;
}

const toRecord = (r: Selectable<MemberMessageTable>): MessageRecord => ({
  id: r.id,
  title: r.title,
  content: r.content,
  readAt: r.read_at,
  createdAt: r.created_at,
});

export function createMessageRepository(db: Kysely<DB>): MessageRepository {
  const countWhere = async (memberId: number, unreadOnly: boolean) => {
    let q = db
      .selectFrom('member_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId);
    if (unreadOnly) q = q.where('read_at', 'is', null);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return {
    async create(memberId, m, now) {
      const row = await db
        .insertInto('member_messages')
        .values({ member_id: memberId, title: m.title, content: m.content, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async page(memberId, { limit, offset }) {
      const rows = await db
        .selectFrom('member_messages')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toRecord);
    },
    count: (memberId) => countWhere(memberId, false),
    countUnread: (memberId) => countWhere(memberId, true),
    async markRead(memberId, id, now) {
      const exists = await db
        .selectFrom('member_messages')
        .select('id')
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!exists) return false;
      await db
        .updateTable('member_messages')
        .set({ read_at: now })
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .where('read_at', 'is', null)
        .execute();
      return true;
    },
    async markAllRead(memberId, now) {
      const r = await db
        .updateTable('member_messages')
        .set({ read_at: now })
        .where('member_id', '=', memberId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async countAll() {
      const r = await db
        .selectFrom('member_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
