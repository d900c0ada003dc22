import type { NewsCategory, NewsDetail, NewsSummary } from '@kaijiang/domain';
import type { Kysely, Selectable } from 'kysely';
import type { DB, NewsTable } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';
import { activeFlag, countRows, definedColumns, removeById } from './content-rows.ts';

export interface NewsRecord extends NewsDetail {
  active: boolean;
  updatedAt: string;
}

export interface NewsInput {
  title: string;
  cover?: string;
  summary?: string;
  /** Already sanitised by the caller. */
  body: string;
  category: NewsCategory;
  publishedAt?: string;
  active?: boolean;
  /** Only demo seeding sets a starting count. */
  views?: number;
}

export interface NewsQuery {
  category?: NewsCategory;
  limit: number;
  offset: number;
  /** Admin listings see hidden items and items scheduled for later. */
  includeHidden?: boolean;
  /** Public listings stop at this instant (items published later stay hidden until then). */
  now?: string;
}

export interface NewsRepository {
  page(q: NewsQuery): Promise<{ items: (NewsSummary & { active: boolean })[]; total: number }>;
  get(id: number): Promise<NewsRecord | undefined>;
  /** Counts one view; false when the item does not exist. */
  countView(id: number): Promise<boolean>;
  create(input: NewsInput): Promise<NewsRecord>;
  update(id: number, patch: Partial<NewsInput>): Promise<NewsRecord | undefined>;
  remove(id: number): Promise<boolean>;
  count(): Promise<number>;
}

const summaryColumns = [
  'id',
  'title',
  'cover',
  'summary',
  'category',
  'published_at',
  'views',
  'active',
] as const;

type SummaryRow = Pick<Selectable<NewsTable>, (typeof summaryColumns)[number]>;

const toSummary = (r: SummaryRow): NewsSummary => ({
  id: r.id,
  title: r.title,
  cover: r.cover,
  summary: r.summary,
  category: r.category as NewsCategory,
  publishedAt: r.published_at,
  views: Number(r.views),
});

const toRecord = (r: Selectable<NewsTable>): NewsRecord => ({
  ...toSummary(r),
  body: r.body,
  active: r.active === 1,
  updatedAt: r.updated_at,
});

export function createNewsRepository(db: Kysely<DB>): NewsRepository {
  const get = async (id: number) => {
    const row = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  };
  return {
    async page({ category, limit, offset, includeHidden, now }) {
      let q = db.selectFrom('news');
      if (!includeHidden) {
        q = q.where('active', '=', 1).where('published_at', '<=', now ?? nowIso());
      }
      if (category !== undefined) q = q.where('category', '=', category);
      const [rows, count] = await Promise.all([
        q
          .select(summaryColumns)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({ ...toSummary(r), active: r.active === 1 })),
        total: Number(count.n),
      };
    },
    get,
    async countView(id) {
      const r = await db
        .updateTable('news')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async create(n) {
      const now = nowIso();
      const row = await db
        .insertInto('news')
        .values({
          title: n.title,
          cover: n.cover ?? '',
          summary: n.summary ?? '',
          body: n.body,
          category: n.category,
          published_at: n.publishedAt ?? now,
          views: n.views ?? 0,
          active: n.active === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },
    async update(id, p) {
      const r = await db
        .updateTable('news')
        .set(
          definedColumns({
            title: p.title,
            cover: p.cover,
            summary: p.summary,
            body: p.body,
            category: p.category,
            published_at: p.publishedAt,
            active: activeFlag(p.active),
            updated_at: nowIso(),
          }),
        )
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0 ? get(id) : undefined;
    },
    remove: (id) => removeById(db, 'news', id),
    count: () => countRows(db, 'news'),
  };
}
