import type { Kysely } from 'kysely';
import type { DB, Flag } from '../db/schema.ts';

/** Content tables edited by id through the admin API. */
export type ContentTable = 'news' | 'faqs';
/** Tables counted whole: the content ones, and the retired gallery's (kept as history). */
export type CountedTable = ContentTable | 'galleries';

/**
 * The columns of a partial edit: a field left undefined by the caller keeps its stored value,
 * so it must not reach SET at all (undefined would mean NULL to some drivers).
 */
export function definedColumns<T extends object>(
  columns: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Visibility as stored (0/1), or undefined when an edit leaves it alone. */
export function activeFlag(active: boolean | undefined): Flag | undefined {
  return active === undefined ? undefined : active ? 1 : 0;
}

export async function removeById(
  db: Kysely<DB>,
  table: ContentTable,
  id: number,
): Promise<boolean> {
  const r = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function countRows(db: Kysely<DB>, table: CountedTable): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
