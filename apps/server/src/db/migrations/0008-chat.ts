import type { Migration } from 'kysely';
import { withSerialId, type AnyDb } from './helpers.ts';

// The chat service (docs/architecture.md §10): its tokens (stored hashed), the rooms' messages, mutes, reports
// and blocked words, and a member's role in the chat (member or moderator).
export const chat: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('members')
      .addColumn('chat_role', 'varchar(16)', (c) => c.notNull().defaultTo('member'))
      .execute();
    await db.schema
      .createTable('chat_tokens')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      // 'login': the single-use ticket; 'chat': the chat session.
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      // The member session it came from: signing out of it ends the chat session too.
      .addColumn('session_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chat_tokens_member')
      .on('chat_tokens')
      .column('member_id')
      .execute();
    await db.schema
      .createIndex('chat_tokens_session')
      .on('chat_tokens')
      .column('session_hash')
      .execute();
    await withSerialId(db, db.schema.createTable('chat_messages'))
      .addColumn('room', 'varchar(32)', (c) => c.notNull())
      // Null for the room's own messages (a ball drawn, a draw complete).
      .addColumn('member_id', 'integer')
      .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
      .addColumn('avatar', 'varchar(300)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('text', 'varchar(1200)')
      .addColumn('image', 'varchar(300)')
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('removed_at', 'varchar(32)')
      // A room message written by whichever instance comes first; the others find it taken.
      .addColumn('once_key', 'varchar(80)', (c) => c.unique())
      .execute();
    await db.schema
      .createIndex('chat_messages_room')
      .on('chat_messages')
      .columns(['room', 'id'])
      .execute();
    await db.schema
      .createTable('chat_mutes')
      .addColumn('member_id', 'integer', (c) => c.primaryKey())
      .addColumn('until', 'varchar(32)', (c) => c.notNull())
      .addColumn('by_member_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('chat_reports')
      .addColumn('message_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_reports_pk', ['message_id', 'member_id'])
      .execute();
    await db.schema
      .createTable('chat_blocked_words')
      .addColumn('word', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of [
      'chat_blocked_words',
      'chat_reports',
      'chat_mutes',
      'chat_messages',
      'chat_tokens',
    ])
      await db.schema.dropTable(t).execute();
    await db.schema.alterTable('members').dropColumn('chat_role').execute();
  },
};
