import type { ChatMessage, ChatServerFrame, ChatUser } from '@kaijiang/domain';

/** A room as the panel shows it: its messages oldest first, who is in it, who the visitor is. */
export interface RoomView {
  room: string;
  messages: ChatMessage[];
  /** Older messages exist before the first one held. */
  hasOlder: boolean;
  online: number;
  /** Signed into the chat (null: reading as a visitor). */
  user: ChatUser | null;
  /** ISO time the visitor is muted until, if muted. */
  mutedUntil: string | null;
  connection: 'connecting' | 'open' | 'closed';
}

/** Messages the panel keeps in memory; older ones are dropped and read again on demand. */
export const KEPT_MESSAGES = 300;

export function emptyRoom(room: string): RoomView {
  return {
    room,
    messages: [],
    hasOlder: false,
    online: 0,
    user: null,
    mutedUntil: null,
    connection: 'connecting',
  };
}

/**
 * Adds messages, keeping the list sorted by id with no id twice (a reconnect may resend). Live
 * messages keep the list at KEPT_MESSAGES; older pages the visitor asks for (`older`) are kept.
 */
export function merge(view: RoomView, incoming: readonly ChatMessage[], older = false): void {
  if (incoming.length === 0) return;
  const before = view.messages.length;
  const byId = new Map(view.messages.map((m) => [m.id, m]));
  for (const m of incoming) if (m.room === view.room) byId.set(m.id, m);
  const all = [...byId.values()].sort((a, b) => a.id - b.id);
  const cap = older ? Infinity : Math.max(KEPT_MESSAGES, before);
  if (all.length > cap) {
    view.messages = all.slice(-cap);
    view.hasOlder = true;
  } else view.messages = all;
}

/** What a frame of the chat socket changes in the room (the reducer of the live cache entry). */
export function applyFrame(view: RoomView, f: ChatServerFrame): void {
  switch (f.type) {
    case 'message':
      merge(view, [f.message]);
      return;
    case 'removed':
      if (f.room === view.room) view.messages = view.messages.filter((m) => m.id !== f.messageId);
      return;
    case 'joined':
    case 'online':
      if (f.room === view.room) view.online = f.online;
      return;
    case 'ready':
      view.user = f.user;
      if (!f.user) view.mutedUntil = null;
      return;
    case 'muted':
      view.mutedUntil = f.until;
      return;
    default:
      return;
  }
}
