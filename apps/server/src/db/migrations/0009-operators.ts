import type { Migration } from 'kysely';
import { withSerialId, type AnyDb } from './helpers.ts';

// The operator console (issue 15): operator accounts apart from members, their sessions, the
// audit trail of every change, a member's disabled state, and the member who sent a question.
export const operators: Migration = {
  async up(db: AnyDb) {
    await withSerialId(db, db.schema.createTable('operators'))
      .addColumn('username', 'varchar(32)', (c) => c.notNull())
      .addColumn('username_key', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      // owner | editor | draw | moderator
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      // Base32 TOTP secret; null until enrolment is confirmed.
      .addColumn('totp_secret', 'varchar(64)')
      // The secret shown at enrolment, waiting for its first code.
      .addColumn('totp_pending', 'varchar(64)')
      // The last TOTP time step accepted: a code is good once.
      .addColumn('totp_last_step', 'bigint')
      // JSON array of SHA-256 hashes of the unused recovery codes.
      .addColumn('recovery_hashes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('disabled_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('operator_sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('operator_id', 'integer', (c) => c.notNull())
      // 'enrol': password right, second factor still to be set up; 'full': signed in.
      .addColumn('stage', 'varchar(8)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'varchar(32)', (c) => c.notNull())
      // Last password or code given again; dangerous actions need it recent.
      .addColumn('reauth_at', 'varchar(32)')
      .addColumn('address', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('operator_sessions_operator')
      .on('operator_sessions')
      .column('operator_id')
      .execute();
    await withSerialId(db, db.schema.createTable('audit_log'))
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      // Null for ADMIN_TOKEN (automation) and the command line.
      .addColumn('operator_id', 'integer')
      .addColumn('actor', 'varchar(40)', (c) => c.notNull())
      .addColumn('address', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(80)', (c) => c.notNull())
      .addColumn('target', 'varchar(200)', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    await db.schema.alterTable('members').addColumn('disabled_at', 'varchar(32)').execute();
    // A question sent by a signed-in member: the answer reaches their messages.
    await db.schema.alterTable('visitor_questions').addColumn('member_id', 'integer').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('visitor_questions').dropColumn('member_id').execute();
    await db.schema.alterTable('members').dropColumn('disabled_at').execute();
    for (const t of ['audit_log', 'operator_sessions', 'operators'])
      await db.schema.dropTable(t).execute();
  },
};
