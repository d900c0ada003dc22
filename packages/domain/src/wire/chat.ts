// The chat service's contract (docs/architecture.md §10): rooms, messages and the frames of its socket.
// Plain types and numbers only: the web's chat code loads after the page is interactive.

/** A game's room id; the lobby is `lobby`. */
export const chatRoomOf = (gameId: number): string => `game-${gameId}`;
export const LOBBY_ROOM = 'lobby';
const ROOM_SHAPE = /^(lobby|game-[1-9]\d{0,5})$/;
export const isChatRoomId = (s: unknown): s is string =>
  typeof s === 'string' && ROOM_SHAPE.test(s);

export type ChatRole = 'member' | 'moderator' | 'system';

export interface ChatUser {
  id: number;
  nickname: string;
  avatar: string;
  role: ChatRole;
}

export interface ChatMessage {
  id: number;
  room: string;
  user: ChatUser;
  text?: string;
  /** A path under the chat's image origin (`chatImgUrl + image`). */
  image?: string;
  at: string;
  /**
   * On the room's own message about a draw: which one. A client that knows it may show the draw
   * itself (filling in as its balls come); any other reads `text`, rewritten with the result.
   */
  draw?: { gameId: number; issue: string };
}

export interface ChatRoom {
  id: string;
  name: string;
  online: number;
}

export interface ChatTicket {
  chatLoginToken: string;
  chatUrl: string;
  chatImgUrl: string;
}

export interface ChatSession {
  chatToken: string;
  user: ChatUser;
}

/** Text after trimming: 1 to this many characters. */
export const CHAT_TEXT_MAX = 300;
/** The name the room's own messages (draw results) go out under: no member may take it. */
export const CHAT_ANNOUNCER_NAME = '开奖播报';
/** Messages per history page at most. */
export const CHAT_PAGE_MAX = 50;
/** What a room keeps: its last messages, and none older than this. */
export const CHAT_KEEP_MESSAGES = 1_000;
export const CHAT_KEEP_DAYS = 7;
/** A member sends at most one message per this many ms, with a burst of CHAT_BURST. */
export const CHAT_SEND_EVERY_MS = 2_000;
export const CHAT_BURST = 5;
/** Images sent in the chat. */
export const CHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** A socket frame of the chat, in bytes, at most. */
export const CHAT_FRAME_MAX_BYTES = 4096;

/** Client → server frames. */
export type ChatClientFrame =
  | { id?: string; type: 'auth'; token: string }
  | { id?: string; type: 'join'; room: string }
  | { id?: string; type: 'leave'; room: string }
  | { id?: string; type: 'say'; room: string; text?: string; image?: string }
  | { id?: string; type: 'ping' };

/** Server → client frames. */
export type ChatServerFrame =
  | { id?: string; type: 'ready'; user: ChatUser | null }
  | { id?: string; type: 'joined'; room: string; online: number }
  | { type: 'online'; room: string; online: number }
  | { type: 'message'; room: string; message: ChatMessage }
  | { type: 'removed'; room: string; messageId: number }
  | { id?: string; type: 'muted'; until: string }
  | { id?: string; type: 'error'; code: string; msg: string }
  | { id?: string; type: 'pong' };
