// The chat's sockets on this instance: who is in which room, who is signed in as whom, and the
// delivery of hub events (each frame serialised once, written to every socket of the room).
import type { Duplex } from 'node:stream';
import type { ChatServerFrame } from '@kaijiang/domain';
import type { WebSocket } from 'ws';
import type { ChatEvent } from './hub.ts';
import type { ChatIdentity } from './service.ts';

/** Per-socket limits: like the live socket's (docs/architecture.md §7). */
export const CHAT_SOCKET_LIMITS = {
  burst: 20,
  perSecond: 2,
  /** A socket that has not sent a frame (a ping) for this long is closed. */
  idleMs: 60_000,
  /** Unsent bytes past which the socket is cut (a reader that never reads). */
  hardLimitBytes: 1024 * 1024,
  /** Sockets per address. */
  perAddress: 20,
  /** Rooms one socket may be in. */
  rooms: 4,
};

export const CHAT_CLOSE = { rateLimited: 1008, tryAgainLater: 1013, idle: 4408 } as const;

const OPEN = 1;

export class ChatSocket {
  readonly ws: WebSocket;
  readonly address: string;
  readonly rooms = new Set<string>();
  identity: ChatIdentity | null = null;
  lastSeen = Date.now();
  /** The frame being handled; the next one waits for it (onFrame never rejects). */
  queue: Promise<void> = Promise.resolve();
  #tokens = CHAT_SOCKET_LIMITS.burst;
  #refilledAt = Date.now();
  /** The upgraded request's socket, the one ws writes to (the request's own, a public field). */
  #socket: Duplex;

  constructor(ws: WebSocket, address: string, socket: Duplex) {
    this.ws = ws;
    this.address = address;
    this.#socket = socket;
  }

  get open(): boolean {
    return this.ws.readyState === OPEN;
  }

  take(now: number): boolean {
    this.lastSeen = now;
    this.#tokens = Math.min(
      CHAT_SOCKET_LIMITS.burst,
      this.#tokens + ((now - this.#refilledAt) / 1000) * CHAT_SOCKET_LIMITS.perSecond,
    );
    this.#refilledAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Open and reading: a socket whose unsent bytes passed the limit is cut instead. */
  #writable(): boolean {
    if (!this.open) return false;
    if (this.ws.bufferedAmount <= CHAT_SOCKET_LIMITS.hardLimitBytes) return true;
    this.ws.terminate();
    return false;
  }

  /** A frame, or the same UTF-8 bytes for every socket of a room (encoded once, sent as text). */
  send(frame: ChatServerFrame | string | Buffer): void {
    if (!this.#writable()) return;
    if (Buffer.isBuffer(frame)) this.ws.send(frame, { binary: false });
    else this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Several room frames at once: one write to the kernel for all of them (corked), so a room
   * that has fallen behind catches up in one system call per socket, not one per message. */
  sendAll(frames: readonly Buffer[]): void {
    if (frames.length === 1) return this.send(frames[0]!);
    if (!this.#writable()) return;
    // ws corks the socket only within one frame.
    this.#socket.cork();
    for (const f of frames) this.ws.send(f, { binary: false });
    this.#socket.uncork();
  }
}

export class ChatSockets {
  readonly #rooms = new Map<string, Set<ChatSocket>>();
  readonly #members = new Map<number, Set<ChatSocket>>();
  readonly #addresses = new Map<string, number>();
  readonly #all = new Set<ChatSocket>();
  /** Rooms whose online figure changed since it was last told (told every few seconds at most:
   * told on each join, a room filling with n visitors would cost n² frames). */
  readonly #changed = new Set<string>();
  /** Other instances' sockets per room, as they last told (see presence()). */
  readonly #remote = new Map<string, { rooms: Record<string, number>; at: number }>();
  /** Room frames waiting for the next turn of the event loop. Messages that arrive together
   * (as they do when the room is busy and its fan-out takes a while) leave together. */
  readonly #outbox = new Map<string, Buffer[]>();

  admits(address: string): boolean {
    return (this.#addresses.get(address) ?? 0) < CHAT_SOCKET_LIMITS.perAddress;
  }

  add(s: ChatSocket): void {
    this.#all.add(s);
    this.#addresses.set(s.address, (this.#addresses.get(s.address) ?? 0) + 1);
  }

  closed(s: ChatSocket): void {
    if (!this.#all.delete(s)) return;
    for (const room of [...s.rooms]) this.leave(s, room);
    this.signOut(s);
    const n = (this.#addresses.get(s.address) ?? 1) - 1;
    if (n > 0) this.#addresses.set(s.address, n);
    else this.#addresses.delete(s.address);
  }

  signIn(s: ChatSocket, who: ChatIdentity): void {
    this.signOut(s);
    s.identity = who;
    let set = this.#members.get(who.memberId);
    if (!set) this.#members.set(who.memberId, (set = new Set()));
    set.add(s);
  }

  signOut(s: ChatSocket): void {
    const who = s.identity;
    if (!who) return;
    s.identity = null;
    const set = this.#members.get(who.memberId);
    set?.delete(s);
    if (set?.size === 0) this.#members.delete(who.memberId);
  }

  /** Joins; false when the socket is in as many rooms as it may be. */
  join(s: ChatSocket, room: string): boolean {
    if (!s.rooms.has(room) && s.rooms.size >= CHAT_SOCKET_LIMITS.rooms) return false;
    s.rooms.add(room);
    let set = this.#rooms.get(room);
    if (!set) this.#rooms.set(room, (set = new Set()));
    set.add(s);
    this.#tellOnline(room);
    return true;
  }

  leave(s: ChatSocket, room: string): void {
    if (!s.rooms.delete(room)) return;
    const set = this.#rooms.get(room);
    set?.delete(s);
    if (set?.size === 0) this.#rooms.delete(room);
    else this.#tellOnline(room);
  }

  /** This instance's sockets in a room. */
  here(room: string): number {
    return this.#rooms.get(room)?.size ?? 0;
  }

  /** Every instance's sockets in a room (this one's, and the others' as they last told). */
  online(room: string): number {
    let n = this.here(room);
    for (const r of this.#remote.values()) n += r.rooms[room] ?? 0;
    return n;
  }

  /** This instance's rooms and their sockets, for the others. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.#rooms].map(([room, set]) => [room, set.size]));
  }

  /** Another instance told its figures; those not heard of for `staleMs` are forgotten. */
  presence(instance: string, rooms: Record<string, number>, now: number, staleMs: number): void {
    const before = this.#remote.get(instance)?.rooms ?? {};
    this.#remote.set(instance, { rooms, at: now });
    for (const room of new Set([...Object.keys(before), ...Object.keys(rooms)]))
      if ((before[room] ?? 0) !== (rooms[room] ?? 0)) this.#changed.add(room);
    for (const [id, r] of this.#remote)
      if (now - r.at > staleMs) {
        this.#remote.delete(id);
        for (const room of Object.keys(r.rooms)) this.#changed.add(room);
      }
  }

  /** Sockets of a member on this instance. */
  of(memberId: number): ChatSocket[] {
    return [...(this.#members.get(memberId) ?? [])];
  }

  /** Room events go out as one serialised frame to every socket in the room. */
  deliver(event: ChatEvent): void {
    if (event.type === 'message' || event.type === 'removed') {
      const frame: ChatServerFrame =
        event.type === 'message'
          ? { type: 'message', room: event.room, message: event.message }
          : { type: 'removed', room: event.room, messageId: event.messageId };
      // Encoded once for the whole room: a string would be turned into UTF-8 again per socket.
      const bytes = Buffer.from(JSON.stringify(frame));
      const waiting = this.#outbox.get(event.room);
      if (waiting) waiting.push(bytes);
      else {
        this.#outbox.set(event.room, [bytes]);
        setImmediate(() => this.#flush(event.room));
      }
    } else if (event.type === 'muted') {
      for (const s of this.of(event.memberId)) s.send({ type: 'muted', until: event.until });
    }
  }

  #flush(room: string): void {
    const frames = this.#outbox.get(room);
    this.#outbox.delete(room);
    if (!frames) return;
    for (const s of this.#rooms.get(room) ?? []) s.sendAll(frames);
  }

  /** Idle sockets (no frame, not even a ping, for CHAT_SOCKET_LIMITS.idleMs) are closed. */
  sweep(now: number): void {
    for (const s of this.#all)
      if (now - s.lastSeen > CHAT_SOCKET_LIMITS.idleMs) s.ws.close(CHAT_CLOSE.idle, 'idle');
  }

  closeAll(): void {
    for (const s of this.#all) s.ws.terminate();
  }

  #tellOnline(room: string): void {
    this.#changed.add(room);
  }

  /** Tells each room whose figure changed how many are in it now. */
  flushOnline(): void {
    for (const room of this.#changed) {
      const set = this.#rooms.get(room);
      if (!set) continue;
      const bytes = JSON.stringify({
        type: 'online',
        room,
        online: this.online(room),
      } satisfies ChatServerFrame);
      for (const s of set) s.send(bytes);
    }
    this.#changed.clear();
  }
}
