import type { ChatClientFrame, ChatServerFrame } from '@kaijiang/domain';
import {
  ReconnectingSocket,
  type SocketEnvironment,
  type SocketLike,
  type SocketState,
} from '@/shared/live/reconnecting-socket';
import { ChatError } from './chat-error';

export { ChatError };

export type ConnectionState = SocketState;

export interface ChatConnectionOptions extends Omit<SocketEnvironment, 'createSocket'> {
  /** The chat's socket, `{chatUrl}/ws` (chat-url.ts): CHAT_URL may name another origin. */
  url: string;
  room: string;
  /** The chat token to sign in with, if the visitor has one. */
  token: () => string | null;
  onFrame: (f: ChatServerFrame) => void;
  onState: (s: ConnectionState) => void;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The chat socket of one room (docs/architecture.md §10) over the app's one reconnecting socket
 * (shared/live/reconnecting-socket.ts, the live socket's rules of §7: retry, heartbeat, online):
 * on every open it signs in when there is a token and joins the room. A `say` resolves when the
 * room echoes the message, and rejects with the server's error.
 */
export class ChatConnection {
  readonly #o: ChatConnectionOptions;
  readonly #socket: ReconnectingSocket;
  #seq = 0;
  readonly #pending = new Map<
    string,
    {
      /** The text or picture path the echo will carry. */
      key: string;
      resolve: () => void;
      reject: (e: ChatError) => void;
      timer: ReturnType<typeof setTimeout>;
    }
  >();
  #me: number | null = null;
  /** Waiting for the server's `ready` after an `auth`. */
  readonly #readyWaiters = new Set<(ok: boolean) => void>();

  constructor(o: ChatConnectionOptions) {
    this.#o = o;
    const { createSocket } = o;
    this.#socket = new ReconnectingSocket({
      ...o,
      hosts: [o.url],
      url: (url) => url,
      createSocket: createSocket && ((url) => createSocket(url) as unknown as SocketLike),
      ping: () => JSON.stringify({ type: 'ping' } satisfies ChatClientFrame),
      // Resume: signed in again and back in the room; the panel re-reads what it missed on `joined`.
      onOpen: () => {
        void this.auth();
        this.#send({ type: 'join', room: o.room });
      },
      onMessage: (data) => this.#onMessage(data),
      onState: (s) => o.onState(s),
    });
  }

  start(): void {
    this.#socket.start();
  }

  stop(): void {
    this.#socket.stop();
    for (const p of this.#pending.values()) {
      clearTimeout(p.timer);
      p.reject(new ChatError('SYS/ERROR', ''));
    }
    this.#pending.clear();
  }

  /**
   * Signs the open socket in (after the visitor signed in, or with a new token); resolves with
   * whether the server's `ready` named a member (false without a token, socket or answer).
   */
  auth(): Promise<boolean> {
    const token = this.#o.token();
    if (!token || !this.#send({ id: this.#id(), type: 'auth', token }))
      return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), this.#socket.timings.requestTimeoutMs);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.#readyWaiters.delete(done);
        resolve(ok);
      };
      this.#readyWaiters.add(done);
    });
  }

  /** Sends text, or a picture the chat stored (its path); resolves on the room's echo. */
  say(body: { text: string } | { image: string }): Promise<void> {
    const key = 'text' in body ? body.text.trim() : body.image;
    return new Promise((resolve, reject) => {
      const id = this.#id();
      if (!this.#send({ id, type: 'say', room: this.#o.room, ...body })) {
        reject(new ChatError('SYS/OFFLINE', ''));
        return;
      }
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new ChatError('SYS/TIMEOUT', ''));
      }, this.#socket.timings.requestTimeoutMs);
      this.#pending.set(id, { key, resolve, reject, timer });
    });
  }

  #id(): string {
    return `c${++this.#seq}`;
  }

  #send(f: ChatClientFrame): boolean {
    return this.#socket.send(JSON.stringify(f));
  }

  #onMessage(data: unknown): void {
    let f: ChatServerFrame;
    try {
      f = JSON.parse(String(data)) as ChatServerFrame;
    } catch {
      return;
    }
    this.#settle(f);
    this.#o.onFrame(f);
  }

  /** Answers a waiting `say`: its echo (the visitor's own message) or its error. */
  #settle(f: ChatServerFrame): void {
    if (f.type === 'ready') {
      this.#me = f.user?.id ?? null;
      for (const done of [...this.#readyWaiters]) done(this.#me !== null);
    }
    if (f.type === 'error' && f.id) {
      const p = this.#pending.get(f.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.#pending.delete(f.id);
      p.reject(new ChatError(f.code, f.msg));
    }
    if (f.type === 'message' && f.message.user.id === this.#me) {
      for (const [id, p] of this.#pending) {
        if (p.key !== (f.message.text ?? f.message.image)) continue;
        clearTimeout(p.timer);
        this.#pending.delete(id);
        p.resolve();
        return;
      }
    }
  }
}
