import type { Kysely, Selectable } from 'kysely';
import type { OperatorRole } from '@kaijiang/domain';
import type { DB, OperatorTable } from '../db/schema.ts';

export interface OperatorRecord {
  id: number;
  username: string;
  role: OperatorRole;
  passwordHash: string;
  totpSecret: string | null;
  totpPending: string | null;
  totpLastStep: number | null;
  recoveryHashes: string[];
  disabledAt: string | null;
  createdAt: string;
}

export interface OperatorSessionRecord {
  operatorId: number;
  stage: 'enrol' | 'full';
  createdAt: string;
  expiresAt: string;
  absoluteExpiresAt: string;
  reauthAt: string | null;
}

export interface OperatorRepository {
  count(): Promise<number>;
  list(): Promise<OperatorRecord[]>;
  get(id: number): Promise<OperatorRecord | undefined>;
  /** Case-insensitive. */
  findByUsername(username: string): Promise<OperatorRecord | undefined>;
  /** Undefined when the username is taken (in any letter case). */
  create(
    o: { username: string; passwordHash: string; role: OperatorRole },
    now: string,
  ): Promise<OperatorRecord | undefined>;
  update(
    id: number,
    patch: Partial<{
      role: OperatorRole;
      passwordHash: string;
      disabledAt: string | null;
      totpSecret: string | null;
      totpPending: string | null;
      recoveryHashes: string[];
    }>,
    now: string,
  ): Promise<void>;
  /**
   * Records `step` as used when it is newer than the last one used: false when the code (or an
   * older one) was used already, so one code signs in once even with two racing requests.
   */
  useTotpStep(id: number, step: number): Promise<boolean>;
  /** Removes one recovery hash if still unused; false when it was not there (used, or wrong). */
  useRecoveryHash(id: number, hash: string, now: string): Promise<boolean>;
  /** Sets the enrolment link (its token's hash), replacing any earlier one. */
  setEnrolLink(
    id: number,
    link: { hash: string; expiresAt: string } | null,
    now: string,
  ): Promise<void>;
  /**
   * The operator an enrolment link belongs to while it is unexpired and unused, the operator
   * enabled and still without a second factor.
   */
  findByEnrolLink(hash: string, now: string): Promise<OperatorRecord | undefined>;
  /** Spends the link: true for the one request that did (two racing with one link, one wins). */
  spendEnrolLink(id: number, hash: string, now: string): Promise<boolean>;

  createSession(s: {
    tokenHash: string;
    operatorId: number;
    stage: 'enrol' | 'full';
    now: string;
    expiresAt: string;
    absoluteExpiresAt: string;
    address: string;
  }): Promise<void>;
  findSession(tokenHash: string, now: string): Promise<OperatorSessionRecord | undefined>;
  touchSession(
    tokenHash: string,
    patch: Partial<{ expiresAt: string; stage: 'full'; reauthAt: string }>,
  ): Promise<void>;
  removeSession(tokenHash: string): Promise<void>;
  /** Ends every session of an operator (disabled, role or password changed). */
  removeSessionsOf(operatorId: number): Promise<number>;
  removeExpiredSessions(now: string): Promise<number>;
}

export const operatorKey = (username: string): string => username.toLowerCase();

function toRecord(r: Selectable<OperatorTable>): OperatorRecord {
  let recovery: string[] = [];
  try {
    const parsed: unknown = JSON.parse(r.recovery_hashes);
    if (Array.isArray(parsed)) recovery = parsed.filter((h) => typeof h === 'string');
  } catch {
    recovery = [];
  }
  return {
    id: r.id,
    username: r.username,
    role: r.role,
    passwordHash: r.password_hash,
    totpSecret: r.totp_secret,
    totpPending: r.totp_pending,
    totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
    recoveryHashes: recovery,
    disabledAt: r.disabled_at,
    createdAt: r.created_at,
  };
}

export function createOperatorRepository(db: Kysely<DB>): OperatorRepository {
  return {
    async count() {
      const r = await db
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async list() {
      const rows = await db.selectFrom('operators').selectAll().orderBy('id').execute();
      return rows.map(toRecord);
    },
    async get(id) {
      const row = await db
        .selectFrom('operators')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async findByUsername(username) {
      const row = await db
        .selectFrom('operators')
        .selectAll()
        .where('username_key', '=', operatorKey(username))
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async create(o, now) {
      const row = await db
        .insertInto('operators')
        .values({
          username: o.username,
          username_key: operatorKey(o.username),
          password_hash: o.passwordHash,
          role: o.role,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('username_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async update(id, patch, now) {
      await db
        .updateTable('operators')
        .set({
          ...(patch.role !== undefined && { role: patch.role }),
          ...(patch.passwordHash !== undefined && { password_hash: patch.passwordHash }),
          ...(patch.disabledAt !== undefined && { disabled_at: patch.disabledAt }),
          ...(patch.totpSecret !== undefined && { totp_secret: patch.totpSecret }),
          ...(patch.totpPending !== undefined && { totp_pending: patch.totpPending }),
          ...(patch.recoveryHashes !== undefined && {
            recovery_hashes: JSON.stringify(patch.recoveryHashes),
          }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async useTotpStep(id, step) {
      const r = await db
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async useRecoveryHash(id, hash, now) {
      // Compare-and-set on the whole list: two requests spending the same code cannot both win.
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await db
          .selectFrom('operators')
          .select('recovery_hashes')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return false;
        const list = toRecord({
          recovery_hashes: row.recovery_hashes,
        } as Selectable<OperatorTable>).recoveryHashes;
        if (!list.includes(hash)) return false;
        const r = await db
          .updateTable('operators')
          .set({
            recovery_hashes: JSON.stringify(list.filter((h) => h !== hash)),
            updated_at: now,
          })
          .where('id', '=', id)
          .where('recovery_hashes', '=', row.recovery_hashes)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) > 0) return true;
      }
      return false;
    },

    async setEnrolLink(id, link, now) {
      await db
        .updateTable('operators')
        .set({
          enrol_hash: link?.hash ?? null,
          enrol_expires_at: link?.expiresAt ?? null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async findByEnrolLink(hash, now) {
      const row = await db
        .selectFrom('operators')
        .selectAll()
        .where('enrol_hash', '=', hash)
        .where('enrol_expires_at', '>', now)
        .where('totp_secret', 'is', null)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async spendEnrolLink(id, hash, now) {
      const r = await db
        .updateTable('operators')
        .set({ enrol_hash: null, enrol_expires_at: null, updated_at: now })
        .where('id', '=', id)
        .where('enrol_hash', '=', hash)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async createSession(s) {
      await db
        .insertInto('operator_sessions')
        .values({
          token_hash: s.tokenHash,
          operator_id: s.operatorId,
          stage: s.stage,
          created_at: s.now,
          expires_at: s.expiresAt,
          absolute_expires_at: s.absoluteExpiresAt,
          reauth_at: s.stage === 'full' ? s.now : null,
          address: s.address.slice(0, 64),
        })
        .execute();
    },
    async findSession(tokenHash, now) {
      const row = await db
        .selectFrom('operator_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .where('absolute_expires_at', '>', now)
        .executeTakeFirst();
      return (
        row && {
          operatorId: row.operator_id,
          stage: row.stage,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          absoluteExpiresAt: row.absolute_expires_at,
          reauthAt: row.reauth_at,
        }
      );
    },
    async touchSession(tokenHash, patch) {
      await db
        .updateTable('operator_sessions')
        .set({
          ...(patch.expiresAt !== undefined && { expires_at: patch.expiresAt }),
          ...(patch.stage !== undefined && { stage: patch.stage }),
          ...(patch.reauthAt !== undefined && { reauth_at: patch.reauthAt }),
        })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async removeSession(tokenHash) {
      await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
    },
    async removeSessionsOf(operatorId) {
      const r = await db
        .deleteFrom('operator_sessions')
        .where('operator_id', '=', operatorId)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async removeExpiredSessions(now) {
      const r = await db
        .deleteFrom('operator_sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
