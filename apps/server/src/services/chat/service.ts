// The chat's rules (docs/architecture.md §10): tickets and sessions, what may be said where, moderation and
// retention. Messages are stored before they are published; the socket layer only delivers.
import {
  CHAT_ANNOUNCER_NAME,
  CHAT_BURST,
  CHAT_KEEP_DAYS,
  CHAT_KEEP_MESSAGES,
  CHAT_PAGE_MAX,
  CHAT_SEND_EVERY_MS,
  CHAT_TEXT_MAX,
  LOBBY_ROOM,
  chatRoomOf,
  isChatRoomId,
  type ChatMessage,
  type ChatRole,
  type ChatRoom,
  type ChatUser,
} from '@kaijiang/domain';
import { addressKey } from '../../lib/client-address.ts';
import { containsBlocked, visibleText } from '../../lib/visible-text.ts';
import { shownName } from '../members/nickname.ts';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { ChatMessageRecord } from '../../repositories/chat-repository.ts';
import { isTokenShaped, newToken, tokenHash } from '../members/tokens.ts';
import { drawOfKey } from './announce.ts';
import { Buckets } from './buckets.ts';
import { createChatModeration } from './moderation.ts';
import type { ChatHub } from './hub.ts';

/** A chat login ticket is good for this long, once. */
export const TICKET_TTL_MS = 2 * 60_000;
/** A chat session lasts this long at most (and never past its member session). */
export const CHAT_SESSION_TTL_MS = 24 * 3_600_000;
/** Messages per minute from one address, all members behind it together. */
const ADDRESS_PER_MINUTE = 30;
/** Blocked words are read again at most this often (an edit shows within it). */
const WORDS_TTL_MS = 10_000;
/** Longest mute a moderator may set. */
export const MUTE_MAX_MINUTES = 30 * 24 * 60;

export interface ChatIdentity extends ChatUser {
  memberId: number;
  sessionHash: string;
}

const unauthorized = () => new AppError(401, 'UC/UNAUTHORIZED', '请先登录');
const invalid = (msg: string) => new AppError(400, 'REQ/INVALID', msg);
const noRoom = () => new AppError(404, 'CHAT/NO_ROOM', '聊天室不存在');
const forbidden = () => new AppError(403, 'REQ/FORBIDDEN', '没有权限');

/**
 * The text a member may post: as lib/visible-text.ts shows it (NFKC, no controls or format
 * characters but newlines), trimmed, 1–CHAT_TEXT_MAX characters.
 */
export function cleanText(raw: unknown): string {
  if (typeof raw !== 'string') throw invalid('消息不能为空');
  const text = visibleText(raw.replace(/\r\n?/g, '\n'), { lines: true })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const length = [...text].length;
  if (length === 0) throw invalid('消息不能为空');
  if (length > CHAT_TEXT_MAX) throw invalid(`消息不能超过 ${CHAT_TEXT_MAX} 个字`);
  return text;
}

export function toChatMessage(r: ChatMessageRecord): ChatMessage {
  const message: ChatMessage = {
    id: r.id,
    room: r.room,
    user: {
      id: r.memberId ?? 0,
      nickname: r.nickname,
      avatar: r.avatar,
      role: r.role as ChatRole,
    },
    ...(r.text !== null && { text: r.text }),
    ...(r.image !== null && { image: r.image }),
    at: r.at,
  };
  const draw = r.role === 'system' ? drawOfKey(r.onceKey) : undefined;
  return draw ? { ...message, draw } : message;
}

export interface ChatServiceDeps {
  repos: Repositories;
  hub: ChatHub;
  now?: () => Date;
  /** Sockets joined per room on this instance (the online figure). */
  online: (room: string) => number;
}

export function createChatService(deps: ChatServiceDeps) {
  const { repos, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const perMember = new Buckets(CHAT_BURST, CHAT_SEND_EVERY_MS);
  const perAddress = new Buckets(ADDRESS_PER_MINUTE, 60_000 / ADDRESS_PER_MINUTE);
  let words: { list: string[]; at: number } | null = null;
  // Per room, a message is stored and published before the next one is stored: readers get a
  // room's messages in the order of their ids.
  const rooms = new Map<string, Promise<unknown>>();
  function inOrder<T>(room: string, work: () => Promise<T>): Promise<T> {
    const run = (rooms.get(room) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    rooms.set(room, tail);
    void tail.then(() => {
      if (rooms.get(room) === tail) rooms.delete(room);
    });
    return run;
  }

  async function blockedWords(): Promise<string[]> {
    const t = now().getTime();
    if (!words || t - words.at > WORDS_TTL_MS)
      words = { list: await repos.chat.blockedWords(), at: t };
    return words.list;
  }

  async function removeMessage(messageId: number): Promise<void> {
    const m = await repos.chat.findMessage(messageId);
    if (!m || m.removedAt) throw new AppError(404, 'NOT_FOUND', '消息不存在');
    if (await repos.chat.removeMessage(messageId, now().toISOString())) {
      await hub.publish({ type: 'removed', room: m.room, messageId });
    }
  }

  async function muteMember(memberId: number, minutes: number, by: number): Promise<string> {
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MUTE_MAX_MINUTES)
      throw invalid('禁言时长无效');
    if (!(await repos.members.get(memberId))) throw new AppError(404, 'NOT_FOUND', '会员不存在');
    const t = now();
    const until = new Date(t.getTime() + minutes * 60_000).toISOString();
    await repos.chat.mute(memberId, until, by, t.toISOString());
    await hub.publish({ type: 'muted', memberId, until });
    return until;
  }

  async function roomsKnown(): Promise<ChatRoom[]> {
    const games = await repos.games.list();
    return [
      { id: LOBBY_ROOM, name: '大厅', online: deps.online(LOBBY_ROOM) },
      ...games.map((g) => ({
        id: chatRoomOf(g.id),
        name: g.name,
        online: deps.online(chatRoomOf(g.id)),
      })),
    ];
  }

  async function userOf(memberId: number): Promise<ChatUser | undefined> {
    const member = await repos.members.get(memberId);
    if (!member) return undefined;
    const role = (await repos.chat.roleOf(memberId)) === 'moderator' ? 'moderator' : 'member';
    return {
      id: member.id,
      // A name stored before nicknames were checked is shown only while it is still a fair one.
      nickname: await shownName(repos, member),
      avatar: member.avatar,
      role,
    };
  }

  return {
    /** A single-use chat login token for a signed-in member (its member session stays the key). */
    async issueTicket(session: { memberId: number; tokenHash: string }): Promise<string> {
      const token = newToken();
      const t = now();
      await repos.chat.addToken({
        tokenHash: tokenHash(token),
        kind: 'login',
        memberId: session.memberId,
        sessionHash: session.tokenHash,
        now: t.toISOString(),
        expiresAt: new Date(t.getTime() + TICKET_TTL_MS).toISOString(),
      });
      return token;
    },

    /** Trades a ticket (once) for a chat token. */
    async openSession(
      loginToken: string | undefined,
    ): Promise<{ chatToken: string; user: ChatUser }> {
      if (!loginToken || !isTokenShaped(loginToken)) throw unauthorized();
      const hash = tokenHash(loginToken);
      const t = now();
      const ticket = await repos.chat.findToken(hash, 'login', t.toISOString());
      // Whoever removes it first has it: a ticket replayed at the same moment opens nothing.
      if (!ticket || !(await repos.chat.takeToken(hash))) throw unauthorized();
      const member = await repos.sessions.find(ticket.sessionHash, t.toISOString());
      if (!member) throw unauthorized();
      const user = await userOf(ticket.memberId);
      if (!user) throw unauthorized();
      const chatToken = newToken();
      const expires = Math.min(
        t.getTime() + CHAT_SESSION_TTL_MS,
        Date.parse(member.absoluteExpiresAt),
      );
      await repos.chat.addToken({
        tokenHash: tokenHash(chatToken),
        kind: 'chat',
        memberId: ticket.memberId,
        sessionHash: ticket.sessionHash,
        now: t.toISOString(),
        expiresAt: new Date(expires).toISOString(),
      });
      return { chatToken, user };
    },

    /** Who holds a chat token: unknown, expired, revoked or its member session gone → 401. */
    async authenticate(chatToken: string | undefined): Promise<ChatIdentity> {
      if (!chatToken || !isTokenShaped(chatToken)) throw unauthorized();
      const t = now().toISOString();
      const token = await repos.chat.findToken(tokenHash(chatToken), 'chat', t);
      if (!token) throw unauthorized();
      if (!(await repos.sessions.find(token.sessionHash, t))) throw unauthorized();
      const user = await userOf(token.memberId);
      if (!user) throw unauthorized();
      return { ...user, memberId: token.memberId, sessionHash: token.sessionHash };
    },

    /** Sign-out of a member session ends its chat tokens (and the sockets that used them). */
    async revokeSession(session: { memberId: number; tokenHash: string }): Promise<void> {
      await repos.chat.revokeSession(session.tokenHash);
      await hub.publish({ type: 'revoked', memberId: session.memberId });
    },

    /** A password change ends every chat token of the member's other sessions. */
    async revokeMember(memberId: number, keepSessionHash: string | null): Promise<void> {
      await repos.chat.revokeMember(memberId, keepSessionHash);
      await hub.publish({ type: 'revoked', memberId });
    },

    rooms: roomsKnown,

    async assertRoom(room: unknown): Promise<string> {
      if (!isChatRoomId(room)) throw noRoom();
      if (room !== LOBBY_ROOM && !(await roomsKnown()).some((r) => r.id === room)) throw noRoom();
      return room;
    },

    async history(room: string, before: number | null, limit: number): Promise<ChatMessage[]> {
      const n = Math.min(Math.max(1, limit), CHAT_PAGE_MAX);
      return (await repos.chat.history(room, before, n)).map(toChatMessage);
    },

    /** Stores and publishes what a member says; every refusal decided before anything is written. */
    async say(
      who: ChatIdentity,
      room: string,
      body: { text?: unknown; image?: unknown },
      address: string,
    ): Promise<ChatMessage> {
      const t = now();
      const until = await repos.chat.muteUntil(who.memberId);
      if (until && until > t.toISOString()) {
        throw new AppError(403, 'CHAT/MUTED', '你已被禁言', { until });
      }
      let text: string | null = null;
      let image: string | null = null;
      if (typeof body.image === 'string' && body.text === undefined) {
        // Only pictures this chat stored itself (POST /images) may be shown.
        if (!/^\/sys-upload\/chat\/\d{6}\/[0-9a-f]{24}\.(png|jpg|gif|webp)$/.test(body.image))
          throw invalid('图片无效');
        image = body.image;
      } else {
        text = cleanText(body.text);
        const hit = containsBlocked(text, await blockedWords());
        if (hit) throw new AppError(400, 'CHAT/BLOCKED_WORD', '消息含有不允许的词语');
      }
      const wait =
        perMember.take(`m:${who.memberId}`, t.getTime()) ||
        perAddress.take(`a:${addressKey(address)}`, t.getTime());
      if (wait > 0) {
        throw new AppError(429, 'REQ/RATE_LIMITED', '发言太快，请稍后再试', null, {
          'retry-after': String(Math.ceil(wait / 1000)),
        });
      }
      return inOrder(room, async () => {
        const stored = await repos.chat.addMessage({
          room,
          memberId: who.memberId,
          nickname: who.nickname,
          avatar: who.avatar,
          role: who.role,
          text,
          image,
          at: t.toISOString(),
        });
        const message = toChatMessage(stored!);
        await hub.publish({ type: 'message', room, message });
        return message;
      });
    },

    /**
     * The room's own message (a draw under way, then its result: services/chat/announce.ts). Every
     * instance hears the draw and tries; the once-key lets one of them write and publish it, and
     * `revise` rewrites it (the same id: clients replace what they show).
     */
    async announce(
      room: string,
      text: string,
      onceKey: string,
      revise = false,
    ): Promise<ChatMessage | undefined> {
      return inOrder(room, async () => {
        const stored =
          (await repos.chat.addMessage({
            room,
            memberId: null,
            nickname: CHAT_ANNOUNCER_NAME,
            avatar: '',
            role: 'system',
            text,
            image: null,
            at: now().toISOString(),
            onceKey,
          })) ?? (revise ? await repos.chat.reviseOnce(onceKey, text) : undefined);
        if (!stored) return undefined;
        const message = toChatMessage(stored);
        await hub.publish({ type: 'message', room, message });
        return message;
      });
    },

    async report(who: ChatIdentity, messageId: number): Promise<void> {
      const m = await repos.chat.findMessage(messageId);
      if (!m || m.removedAt) throw new AppError(404, 'NOT_FOUND', '消息不存在');
      await repos.chat.report(messageId, who.memberId, now().toISOString());
    },

    async remove(who: ChatIdentity, messageId: number): Promise<void> {
      if (who.role !== 'moderator') throw forbidden();
      await removeMessage(messageId);
    },

    async mute(who: ChatIdentity, memberId: number, minutes: number): Promise<string> {
      if (who.role !== 'moderator') throw forbidden();
      if (memberId === who.memberId) throw invalid('不能禁言自己');
      return muteMember(memberId, minutes, who.memberId);
    },

    /** The console's moderators: no chat identity of their own (muted "by" 0). */
    operator: {
      remove: (messageId: number) => removeMessage(messageId),
      mute: (memberId: number, minutes: number) => muteMember(memberId, minutes, 0),
      async unmute(memberId: number): Promise<void> {
        await repos.chat.unmute(memberId);
      },
      ...createChatModeration({
        repos,
        now,
        forgetWords: () => {
          words = null;
        },
      }),
      reported: async (limit: number) =>
        (await repos.chat.reported(limit)).map((r) => ({
          ...toChatMessage(r),
          memberId: r.memberId,
          reports: r.reports,
        })),
    },

    /** Retention (docs/architecture.md §10): a room's last CHAT_KEEP_MESSAGES, none older than CHAT_KEEP_DAYS. */
    async prune(): Promise<number> {
      const t = now();
      await repos.chat.removeExpiredTokens(t.toISOString());
      const edge = new Date(t.getTime() - CHAT_KEEP_DAYS * 86_400_000).toISOString();
      return repos.chat.prune(edge, CHAT_KEEP_MESSAGES);
    },

    /** Drops the blocked-word cache (after an edit through the admin API). */
    forgetWords() {
      words = null;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
