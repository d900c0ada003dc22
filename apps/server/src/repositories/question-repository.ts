import type { QuestionStatus } from '@kaijiang/domain';
import type { Kysely, Selectable } from 'kysely';
import type { DB, VisitorQuestionTable } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

export interface QuestionRecord {
  id: number;
  name: string;
  contact: string;
  content: string;
  status: QuestionStatus;
  answer: string;
  createdAt: string;
  answeredAt: string | null;
  /** The signed-in member who sent it, if one did. */
  memberId: number | null;
}

/** Questions visitors send from /ask-question; operators read and answer them. */
export interface QuestionRepository {
  create(q: {
    name: string;
    contact: string;
    content: string;
    memberId: number | null;
  }): Promise<QuestionRecord>;
  page(q: {
    status?: QuestionStatus;
    limit: number;
    offset: number;
  }): Promise<{ items: QuestionRecord[]; total: number }>;
  get(id: number): Promise<QuestionRecord | undefined>;
  answer(id: number, answer: string, status: QuestionStatus): Promise<QuestionRecord | undefined>;
  remove(id: number): Promise<boolean>;
  /** Questions sent at or after `since`. */
  countSince(since: string): Promise<number>;
}

const toRecord = (r: Selectable<VisitorQuestionTable>): QuestionRecord => ({
  id: r.id,
  name: r.name,
  contact: r.contact,
  content: r.content,
  status: r.status as QuestionStatus,
  answer: r.answer,
  createdAt: r.created_at,
  answeredAt: r.answered_at,
  memberId: r.member_id,
});

export function createQuestionRepository(db: Kysely<DB>): QuestionRepository {
  const get = async (id: number) => {
    const row = await db
      .selectFrom('visitor_questions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  };
  return {
    async create(q) {
      const row = await db
        .insertInto('visitor_questions')
        .values({
          name: q.name,
          contact: q.contact,
          content: q.content,
          member_id: q.memberId,
          status: 'open',
          answer: '',
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },
    async page({ status, limit, offset }) {
      let q = db.selectFrom('visitor_questions');
      if (status !== undefined) q = q.where('status', '=', status);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRecord), total: Number(count.n) };
    },
    get,
    async answer(id, answer, status) {
      const r = await db
        .updateTable('visitor_questions')
        .set({ answer, status, answered_at: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0 ? get(id) : undefined;
    },
    async countSince(since) {
      const r = await db
        .selectFrom('visitor_questions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async remove(id) {
      const r = await db.deleteFrom('visitor_questions').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
