import type { ChatClientFrame, ChatServerFrame } from '@kaijiang/domain';
import { SOCKET_TIMINGS } from '@/shared/live/socket-timings';

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface ChatConnectionOptions {
  url: string;
  room: string;
  /** The chat token to sign in with, if the visitor has one. */
  token: () => string | null;
  onFrame: (f: ChatServerFrame) => void;
  onState: (s: ConnectionState) => void;
  createSocket?: (url: string) => WebSocket;
}

/** Reconnect after 1 s, then wait longer each time up to this (like the live socket). */
const RETRY_MAX_MS = 10_000;

/**
 * The chat socket of one room (docs/architecture.md §10): signs in when there is a token, joins the room,
 * pings like the live socket (docs/architecture.md §7 timings) and reconnects after a drop. A `say` resolves
 * when the room echoes the message, and rejects with the server's error.
 */
export class ChatConnection {
  readonly #o: ChatConnectionOptions;
  #ws: WebSocket | null = null;
  #stopped = false;
  #retryMs: number = SOCKET_TIMINGS.reconnectMs;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
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
  }

  start(): void {
    this.#stopped = false;
    this.#open();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#clearHeartbeat();
    this.#ws?.close(1000, 'bye');
    this.#ws = null;
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
      const timer = setTimeout(() => done(false), SOCKET_TIMINGS.requestTimeoutMs);
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
      }, SOCKET_TIMINGS.requestTimeoutMs);
      this.#pending.set(id, { key, resolve, reject, timer });
    });
  }

  #id(): string {
    return `c${++this.#seq}`;
  }

  #send(f: ChatClientFrame): boolean {
    if (this.#ws?.readyState !== 1) return false;
    this.#ws.send(JSON.stringify(f));
    return true;
  }

  #open(): void {
    if (this.#stopped) return;
    this.#o.onState('connecting');
    const ws = (this.#o.createSocket ?? ((u: string) => new WebSocket(u)))(this.#o.url);
    this.#ws = ws;
    ws.onopen = () => {
      this.#retryMs = SOCKET_TIMINGS.reconnectMs;
      this.#o.onState('open');
      this.auth();
      this.#send({ type: 'join', room: this.#o.room });
      this.#heartbeat = setInterval(() => this.#send({ type: 'ping' }), SOCKET_TIMINGS.heartbeatMs);
    };
    ws.onmessage = (ev: MessageEvent) => {
      let f: ChatServerFrame;
      try {
        f = JSON.parse(String(ev.data)) as ChatServerFrame;
      } catch {
        return;
      }
      this.#settle(f);
      this.#o.onFrame(f);
    };
    ws.onclose = () => {
      if (this.#ws !== ws) return;
      this.#clearHeartbeat();
      this.#ws = null;
      this.#o.onState('closed');
      if (this.#stopped) return;
      this.#retry = setTimeout(() => this.#open(), this.#retryMs);
      this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
    };
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

  #clearHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }
}

export class ChatError extends Error {
  readonly code: string;
  constructor(code: string, msg: string) {
    super(msg);
    this.code = code;
  }
}
