import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface ChatTokenRecord {
  kind: 'login' | 'chat';
  memberId: number;
  sessionHash: string;
  expiresAt: string;
}

export interface ChatMessageRecord {
  id: number;
  room: string;
  memberId: number | null;
  nickname: string;
  avatar: string;
  role: string;
  text: string | null;
  image: string | null;
  at: string;
  /** The key that makes a room's own message once (a draw's: services/chat/announce.ts). */
  onceKey?: string | null;
}

export type NewChatMessage = Omit<ChatMessageRecord, 'id'> & { onceKey?: string };

/** Chat tokens (by the SHA-256 of the token), messages, mutes, reports and blocked words. */
export interface ChatRepository {
  addToken(t: ChatTokenRecord & { tokenHash: string; now: string }): Promise<void>;
  /** An unexpired token of that kind, or undefined. */
  findToken(
    tokenHash: string,
    kind: 'login' | 'chat',
    now: string,
  ): Promise<ChatTokenRecord | undefined>;
  /** Removes a token; true if it was there (a ticket is used once: the remover wins). */
  takeToken(tokenHash: string): Promise<boolean>;
  /** Ends the chat tokens of a member session (sign-out). */
  revokeSession(sessionHash: string): Promise<number>;
  /** Ends a member's chat tokens but those of `keepSessionHash` (password change). */
  revokeMember(memberId: number, keepSessionHash: string | null): Promise<number>;
  removeExpiredTokens(now: string): Promise<number>;
  /** True when no chat token of that member session is left (it was revoked). */
  revoked(sessionHash: string): Promise<boolean>;

  /** Stores a message; undefined when its once-key is taken (another instance wrote it). */
  addMessage(m: NewChatMessage): Promise<ChatMessageRecord | undefined>;
  /**
   * Rewrites the text of the message made once under `onceKey`; the message as it is now, or
   * undefined when there is none or it already says that (so one instance of several publishes).
   */
  reviseOnce(onceKey: string, text: string): Promise<ChatMessageRecord | undefined>;
  /** Newest first, below `before` when given; removed ones left out. */
  history(room: string, before: number | null, limit: number): Promise<ChatMessageRecord[]>;
  findMessage(id: number): Promise<(ChatMessageRecord & { removedAt: string | null }) | undefined>;
  removeMessage(id: number, now: string): Promise<boolean>;
  /** Drops messages older than `olderThan` and all but the newest `keep` of each room. */
  prune(olderThan: string, keep: number): Promise<number>;

  muteUntil(memberId: number): Promise<string | undefined>;
  mute(memberId: number, until: string, by: number, now: string): Promise<void>;
  unmute(memberId: number): Promise<void>;
  /** True when the report is new (a member reports a message once). */
  report(messageId: number, memberId: number, now: string): Promise<boolean>;
  reportCount(messageId: number): Promise<number>;
  /** Messages still shown that members reported, most reports first, then newest. */
  reported(limit: number): Promise<(ChatMessageRecord & { reports: number })[]>;

  blockedWords(): Promise<string[]>;
  addBlockedWord(word: string, now: string): Promise<void>;
  removeBlockedWord(word: string): Promise<boolean>;

  roleOf(memberId: number): Promise<string | undefined>;
  setRole(memberId: number, role: 'member' | 'moderator'): Promise<boolean>;
  /** The names the chat's moderators are shown under (a nickname, else the username). */
  moderatorNames(): Promise<{ memberId: number; name: string }[]>;
}

const toMessage = (r: {
  id: number;
  room: string;
  member_id: number | null;
  nickname: string;
  avatar: string;
  role: string;
  text: string | null;
  image: string | null;
  at: string;
  once_key: string | null;
}): ChatMessageRecord => ({
  id: r.id,
  room: r.room,
  memberId: r.member_id,
  nickname: r.nickname,
  avatar: r.avatar,
  role: r.role,
  text: r.text,
  image: r.image,
  at: r.at,
  onceKey: r.once_key,
});

const COLUMNS = [
  'id',
  'room',
  'member_id',
  'nickname',
  'avatar',
  'role',
  'text',
  'image',
  'at',
  'once_key',
] as const;

export function createChatRepository(db: Kysely<DB>): ChatRepository {
  return {
    async addToken(t) {
      await db
        .insertInto('chat_tokens')
        .values({
          token_hash: t.tokenHash,
          kind: t.kind,
          member_id: t.memberId,
          session_hash: t.sessionHash,
          created_at: t.now,
          expires_at: t.expiresAt,
        })
        .execute();
    },
    async findToken(tokenHash, kind, now) {
      const r = await db
        .selectFrom('chat_tokens')
        .select(['kind', 'member_id', 'session_hash', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', kind)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return (
        r && {
          kind: r.kind,
          memberId: r.member_id,
          sessionHash: r.session_hash,
          expiresAt: r.expires_at,
        }
      );
    },
    async takeToken(tokenHash) {
      const r = await db
        .deleteFrom('chat_tokens')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async revokeSession(sessionHash) {
      const r = await db
        .deleteFrom('chat_tokens')
        .where('session_hash', '=', sessionHash)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async revokeMember(memberId, keepSessionHash) {
      let q = db.deleteFrom('chat_tokens').where('member_id', '=', memberId);
      if (keepSessionHash !== null) q = q.where('session_hash', '!=', keepSessionHash);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async revoked(sessionHash) {
      const r = await db
        .selectFrom('chat_tokens')
        .select('token_hash')
        .where('session_hash', '=', sessionHash)
        .where('kind', '=', 'chat')
        .limit(1)
        .executeTakeFirst();
      return !r;
    },
    async removeExpiredTokens(now) {
      const r = await db
        .deleteFrom('chat_tokens')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    async addMessage(m) {
      const row = await db
        .insertInto('chat_messages')
        .values({
          room: m.room,
          member_id: m.memberId,
          nickname: m.nickname,
          avatar: m.avatar,
          role: m.role,
          text: m.text,
          image: m.image,
          at: m.at,
          once_key: m.onceKey ?? null,
        })
        .onConflict((oc) => oc.column('once_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row && { ...m, id: row.id };
    },
    async reviseOnce(onceKey, text) {
      const row = await db
        .updateTable('chat_messages')
        .set({ text })
        .where('once_key', '=', onceKey)
        .where('removed_at', 'is', null)
        .where((eb) => eb.or([eb('text', 'is', null), eb('text', '!=', text)]))
        .returning(COLUMNS)
        .executeTakeFirst();
      return row && toMessage(row);
    },
    async history(room, before, limit) {
      let q = db
        .selectFrom('chat_messages')
        .select(COLUMNS)
        .where('room', '=', room)
        .where('removed_at', 'is', null);
      if (before !== null) q = q.where('id', '<', before);
      const rows = await q.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toMessage);
    },
    async findMessage(id) {
      const r = await db
        .selectFrom('chat_messages')
        .select([...COLUMNS, 'removed_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { ...toMessage(r), removedAt: r.removed_at };
    },
    async removeMessage(id, now) {
      const r = await db
        .updateTable('chat_messages')
        .set({ removed_at: now })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async prune(olderThan, keep) {
      const old = await db
        .deleteFrom('chat_messages')
        .where('at', '<', olderThan)
        .executeTakeFirst();
      let n = Number(old.numDeletedRows);
      const rooms = await db.selectFrom('chat_messages').select('room').distinct().execute();
      for (const { room } of rooms) {
        // The id of the oldest message the room keeps; anything below it goes.
        const edge = await db
          .selectFrom('chat_messages')
          .select('id')
          .where('room', '=', room)
          .orderBy('id', 'desc')
          .offset(keep - 1)
          .limit(1)
          .executeTakeFirst();
        if (!edge) continue;
        const r = await db
          .deleteFrom('chat_messages')
          .where('room', '=', room)
          .where('id', '<', edge.id)
          .executeTakeFirst();
        n += Number(r.numDeletedRows);
      }
      return n;
    },

    async muteUntil(memberId) {
      const r = await db
        .selectFrom('chat_mutes')
        .select('until')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return r?.until;
    },
    async mute(memberId, until, by, now) {
      await db
        .insertInto('chat_mutes')
        .values({ member_id: memberId, until, by_member_id: by, at: now })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({ until, by_member_id: by, at: now }),
        )
        .execute();
    },
    async unmute(memberId) {
      await db.deleteFrom('chat_mutes').where('member_id', '=', memberId).execute();
    },
    async report(messageId, memberId, now) {
      const r = await db
        .insertInto('chat_reports')
        .values({ message_id: messageId, member_id: memberId, at: now })
        .onConflict((oc) => oc.columns(['message_id', 'member_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async reported(limit) {
      const rows = await db
        .selectFrom('chat_reports')
        .innerJoin('chat_messages', 'chat_messages.id', 'chat_reports.message_id')
        .where('chat_messages.removed_at', 'is', null)
        .select([
          ...COLUMNS.map((c) => `chat_messages.${c}` as const),
          (eb) => eb.fn.countAll<number>().as('reports'),
        ])
        .groupBy(COLUMNS.map((c) => `chat_messages.${c}` as const))
        .orderBy('reports', 'desc')
        .orderBy('chat_messages.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...toMessage(r), reports: Number(r.reports) }));
    },
    async reportCount(messageId) {
      const r = await db
        .selectFrom('chat_reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('message_id', '=', messageId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async blockedWords() {
      const rows = await db
        .selectFrom('chat_blocked_words')
        .select('word')
        .orderBy('word')
        .execute();
      return rows.map((r) => r.word);
    },
    async addBlockedWord(word, now) {
      await db
        .insertInto('chat_blocked_words')
        .values({ word, created_at: now })
        .onConflict((oc) => oc.column('word').doNothing())
        .execute();
    },
    async removeBlockedWord(word) {
      const r = await db
        .deleteFrom('chat_blocked_words')
        .where('word', '=', word)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async roleOf(memberId) {
      const r = await db
        .selectFrom('members')
        .select('chat_role')
        .where('id', '=', memberId)
        .executeTakeFirst();
      return r?.chat_role;
    },
    async setRole(memberId, role) {
      const r = await db
        .updateTable('members')
        .set({ chat_role: role })
        .where('id', '=', memberId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async moderatorNames() {
      const rows = await db
        .selectFrom('members')
        .select(['id', 'nickname', 'username'])
        .where('chat_role', '=', 'moderator')
        .execute();
      return rows.map((r) => ({ memberId: r.id, name: r.nickname || r.username }));
    },
  };
}
