import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface SessionRecord {
  memberId: number;
  expiresAt: string;
  absoluteExpiresAt: string;
}

/** Sessions are looked up by the SHA-256 of their token; the token itself is never stored. */
export interface SessionRepository {
  create(s: {
    tokenHash: string;
    memberId: number;
    now: string;
    expiresAt: string;
    absoluteExpiresAt: string;
  }): Promise<void>;
  /** An unexpired session, or undefined. */
  find(tokenHash: string, now: string): Promise<SessionRecord | undefined>;
  extend(tokenHash: string, expiresAt: string): Promise<void>;
  remove(tokenHash: string): Promise<boolean>;
  /** Ends every session of a member except `keepTokenHash`; returns how many ended. */
  removeOthers(memberId: number, keepTokenHash: string | null): Promise<number>;
  removeExpired(now: string): Promise<number>;
  countFor(memberId: number): Promise<number>;
  count(): Promise<number>;
}

export function createSessionRepository(db: Kysely<DB>): SessionRepository {
  return {
    async create(s) {
      await db
        .insertInto('member_sessions')
        .values({
          token_hash: s.tokenHash,
          member_id: s.memberId,
          created_at: s.now,
          expires_at: s.expiresAt,
          absolute_expires_at: s.absoluteExpiresAt,
        })
        .execute();
    },
    async find(tokenHash, now) {
      const row = await db
        .selectFrom('member_sessions')
        .select(['member_id', 'expires_at', 'absolute_expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return (
        row && {
          memberId: row.member_id,
          expiresAt: row.expires_at,
          absoluteExpiresAt: row.absolute_expires_at,
        }
      );
    },
    async extend(tokenHash, expiresAt) {
      await db
        .updateTable('member_sessions')
        .set({ expires_at: expiresAt })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async remove(tokenHash) {
      const r = await db
        .deleteFrom('member_sessions')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async removeOthers(memberId, keepTokenHash) {
      let q = db.deleteFrom('member_sessions').where('member_id', '=', memberId);
      if (keepTokenHash !== null) q = q.where('token_hash', '!=', keepTokenHash);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async removeExpired(now) {
      const r = await db
        .deleteFrom('member_sessions')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async countFor(memberId) {
      const r = await db
        .selectFrom('member_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async count() {
      const r = await db
        .selectFrom('member_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
