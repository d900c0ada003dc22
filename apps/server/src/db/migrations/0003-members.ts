import type { Migration } from 'kysely';
import { withSerialId } from './helpers.ts';
import type { AnyDb } from './helpers.ts';

export const members: Migration = {
  async up(db: AnyDb) {
    await withSerialId(db, db.schema.createTable('members'))
      .addColumn('username', 'varchar(16)', (c) => c.notNull())
      // Lower-cased username: uniqueness ignores case on both dialects without a collation.
      .addColumn('username_key', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('nickname', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('rebate', 'integer', (c) => c.notNull().defaultTo(8))
      // Whole currency units; nothing here moves money yet.
      .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
      // Self-describing scrypt strings (parameters, salt, hash): the cost can rise later.
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('withdraw_hash', 'varchar(200)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    // Only the SHA-256 of a token is stored: a leaked table signs nobody in.
    await db.schema
      .createTable('member_sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('members.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('absolute_expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('member_sessions_member')
      .on('member_sessions')
      .column('member_id')
      .execute();
    await db.schema
      .createIndex('member_sessions_expires')
      .on('member_sessions')
      .column('expires_at')
      .execute();

    await withSerialId(db, db.schema.createTable('member_messages'))
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('members.id').onDelete('cascade'),
      )
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('member_messages_member')
      .on('member_messages')
      .columns(['member_id', 'id'])
      .execute();

    await withSerialId(db, db.schema.createTable('member_collections'))
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('members.id').onDelete('cascade'),
      )
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('ref_id', 'varchar(80)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('member_collections_ref', ['member_id', 'kind', 'ref_id'])
      .execute();
  },

  async down(db: AnyDb) {
    for (const t of ['member_collections', 'member_messages', 'member_sessions', 'members']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
