import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, MemberTable } from '../db/schema.ts';

export interface MemberRecord {
  id: number;
  username: string;
  nickname: string;
  phone: string;
  avatar: string;
  rebate: number;
  balance: number;
  passwordHash: string;
  withdrawHash: string | null;
  createdAt: string;
  chatRole: string;
  disabledAt: string | null;
}

export interface MemberSearch {
  /** Part of the username, nickname or phone; empty lists everyone. */
  q: string;
  /** Newest first, `size` per page. */
  page: number;
  size: number;
  /** newest (default), oldest or username. */
  sort?: 'newest' | 'oldest' | 'username';
}

export interface NewMember {
  username: string;
  nickname: string;
  phone: string;
  passwordHash: string;
}

export interface ProfilePatch {
  nickname?: string;
  phone?: string;
  avatar?: string;
}

export interface MemberRepository {
  /** Case-insensitive. */
  findByUsername(username: string): Promise<MemberRecord | undefined>;
  get(id: number): Promise<MemberRecord | undefined>;
  /** Undefined when the username is taken (in any letter case). */
  create(member: NewMember, now: string): Promise<MemberRecord | undefined>;
  updateProfile(id: number, patch: ProfilePatch, now: string): Promise<void>;
  setPasswordHash(id: number, hash: string, now: string): Promise<void>;
  /**
   * Sets the withdrawal hash only if it is still `expected`: two concurrent first-time settings
   * cannot both win. True when stored.
   */
  setWithdrawHash(id: number, hash: string, expected: string | null, now: string): Promise<boolean>;
  count(): Promise<number>;
  /** Members who registered at or after `since`. */
  countSince(since: string): Promise<number>;
  search(query: MemberSearch): Promise<{ total: number; items: MemberRecord[] }>;
  /** Sets or clears the disabled mark; false when no such member. */
  setDisabled(id: number, disabledAt: string | null, now: string): Promise<boolean>;
}

export const usernameKey = (username: string): string => username.toLowerCase();

function toRecord(r: Selectable<MemberTable>): MemberRecord {
  return {
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    phone: r.phone,
    avatar: r.avatar,
    rebate: Number(r.rebate),
    balance: Number(r.balance),
    passwordHash: r.password_hash,
    withdrawHash: r.withdraw_hash,
    createdAt: r.created_at,
    chatRole: r.chat_role,
    disabledAt: r.disabled_at,
  };
}

/** LIKE with the user's `%`, `_` and `\\` taken literally. */
const likeEscaped = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createMemberRepository(db: Kysely<DB>): MemberRepository {
  return {
    async findByUsername(username) {
      const row = await db
        .selectFrom('members')
        .selectAll()
        .where('username_key', '=', usernameKey(username))
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async get(id) {
      const row = await db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async create(m, now) {
      const row = await db
        .insertInto('members')
        .values({
          username: m.username,
          username_key: usernameKey(m.username),
          nickname: m.nickname,
          phone: m.phone,
          password_hash: m.passwordHash,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('username_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async updateProfile(id, patch, now) {
      await db
        .updateTable('members')
        .set({
          ...(patch.nickname !== undefined && { nickname: patch.nickname }),
          ...(patch.phone !== undefined && { phone: patch.phone }),
          ...(patch.avatar !== undefined && { avatar: patch.avatar }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async setPasswordHash(id, hash, now) {
      await db
        .updateTable('members')
        .set({ password_hash: hash, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async setWithdrawHash(id, hash, expected, now) {
      const r = await db
        .updateTable('members')
        .set({ withdraw_hash: hash, updated_at: now })
        .where('id', '=', id)
        .where((eb) =>
          expected === null ? eb('withdraw_hash', 'is', null) : eb('withdraw_hash', '=', expected),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async count() {
      const r = await db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async countSince(since) {
      const r = await db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async search({ q, page, size, sort = 'newest' }) {
      let query = db.selectFrom('members');
      const term = q.trim();
      if (term) {
        const like = likeEscaped(term.toLowerCase());
        query = query.where((eb) =>
          eb.or([
            eb(sql`username_key`, 'like', sql`${like} escape '\\'`),
            eb(sql`lower(nickname)`, 'like', sql`${like} escape '\\'`),
            eb(sql`phone`, 'like', sql`${like} escape '\\'`),
          ]),
        );
      }
      const [count, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        query
          .selectAll()
          .orderBy(sort === 'username' ? 'username_key' : 'id', sort === 'newest' ? 'desc' : 'asc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { total: Number(count.n), items: rows.map(toRecord) };
    },
    async setDisabled(id, disabledAt, now) {
      const r = await db
        .updateTable('members')
        .set({ disabled_at: disabledAt, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
