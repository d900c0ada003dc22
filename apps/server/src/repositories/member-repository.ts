import type { Kysely, Selectable } from 'kysely';
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
  };
}

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
  };
}
