import { COMMAND, PING_CONTENT, type Frame } from '@kaijiang/domain';
import { getLocale } from '../i18n';
import { guid } from './guid';
import { liveWords } from './live-words';

const words = () => liveWords[getLocale()];
import { SOCKET_TIMINGS, type SocketTimings } from './socket-timings';

export type SocketState = 'connecting' | 'open' | 'closed';

/** The slice of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketClientOptions {
  /** Live hosts, e.g. "wss://live07.example.com"; "" means this page's own origin. */
  hosts: readonly string[];
  /** Host to try first; a random one of `hosts` otherwise. */
  defaultHost?: string;
  createSocket?: (url: string) => SocketLike;
  /** Origin used for the "" host: ws(s)://host of the page. */
  pageOrigin?: () => string;
  isOnline?: () => boolean;
  /** Registers a callback for the browser's online event; returns the unsubscribe. */
  onBrowserOnline?: (cb: () => void) => () => void;
  random?: () => number;
  timings?: Partial<SocketTimings>;
}

type FrameListener = (frame: Frame) => void;

function defaultPageOrigin(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

/**
 * The game socket of spec §4: one connection to one of the live hosts, failing over host by host,
 * with a heartbeat that notices a silent connection. Reconnection lives here, not in the socket.
 */
export class GameSocketClient {
  #opts: Required<Omit<SocketClientOptions, 'defaultHost' | 'timings'>> & { defaultHost?: string };
  #t: SocketTimings;
  #hosts: string[] = [];
  #host: string | undefined;
  #socket: SocketLike | null = null;
  #state: SocketState = 'closed';
  #stopped = true;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #pongDeadline: ReturnType<typeof setTimeout> | null = null;
  #lastPingId: string | null = null;
  #offOnline: (() => void) | null = null;
  #subscribed = new Set<number>();
  #frameListeners = new Set<FrameListener>();
  #stateListeners = new Set<(s: SocketState) => void>();
  #pending = new Map<
    string,
    {
      resolve: (f: Frame) => void;
      reject: (e: Error) => void;
      timer: ReturnType<typeof setTimeout>;
    }
  >();

  constructor(options: SocketClientOptions) {
    this.#opts = {
      hosts: options.hosts,
      defaultHost: options.defaultHost,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
      pageOrigin: options.pageOrigin ?? defaultPageOrigin,
      isOnline: options.isOnline ?? (() => globalThis.navigator?.onLine !== false),
      onBrowserOnline:
        options.onBrowserOnline ??
        ((cb) => {
          globalThis.addEventListener('online', cb);
          return () => globalThis.removeEventListener('online', cb);
        }),
      random: options.random ?? Math.random,
    };
    this.#t = { ...SOCKET_TIMINGS, ...options.timings };
  }

  get state(): SocketState {
    return this.#state;
  }

  /** The host of the current or last connection attempt. */
  get host(): string | undefined {
    return this.#host;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#resetHosts();
    const preferred = this.#opts.defaultHost;
    this.#host =
      preferred !== undefined && this.#hosts.includes(preferred) ? preferred : this.#pickHost();
    this.#offOnline = this.#opts.onBrowserOnline(() => this.#onBrowserOnline());
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    this.#clearRetry();
    this.#stopHeartbeat();
    this.#offOnline?.();
    this.#offOnline = null;
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onerror = socket.onopen = null;
      socket.close(1000, 'bye');
    }
    for (const [, p] of this.#pending) {
      clearTimeout(p.timer);
      p.reject(new Error(words().socketClosed));
    }
    this.#pending.clear();
    this.#setState('closed');
  }

  onFrame(listener: FrameListener): () => void {
    this.#frameListeners.add(listener);
    return () => this.#frameListeners.delete(listener);
  }

  onState(listener: (s: SocketState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** Snapshots of these games arrive now and after every reconnect. */
  subscribe(gameIds: readonly number[]): void {
    const fresh = gameIds.filter((id) => !this.#subscribed.has(id));
    for (const id of fresh) this.#subscribed.add(id);
    if (fresh.length && this.#state === 'open') this.#send(COMMAND.SUBSCRIBE, { gameIds: fresh });
  }

  /**
   * Stops asking for these games. The protocol has no unsubscribe, so the server keeps sending
   * them on this connection; the next connection no longer asks for them.
   */
  unsubscribe(gameIds: readonly number[]): void {
    for (const id of gameIds) this.#subscribed.delete(id);
  }

  /** Sends a frame and resolves with the server's answer carrying the same id. */
  request<C>(command: number, content: unknown): Promise<Frame<C>> {
    if (this.#state !== 'open') return Promise.reject(new Error(words().socketNotReady));
    const id = this.#send(command, content);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(words().socketTimeout));
      }, this.#t.requestTimeoutMs);
      this.#pending.set(id, { resolve: resolve as (f: Frame) => void, reject, timer });
    });
  }

  #setState(state: SocketState) {
    if (this.#state === state) return;
    this.#state = state;
    for (const l of this.#stateListeners) l(state);
  }

  #resetHosts() {
    this.#hosts = this.#opts.hosts.length ? [...new Set(this.#opts.hosts)] : [''];
  }

  #pickHost(): string | undefined {
    if (!this.#hosts.length) return undefined;
    return this.#hosts[Math.floor(this.#opts.random() * this.#hosts.length)];
  }

  #url(host: string): string {
    const page = this.#opts.pageOrigin();
    const origin = host === '' ? page : host.replace(/^http/, 'ws').replace(/\/+$/, '');
    // A bare host name serves the page's own scheme (docs/architecture.md §9 LIVE_HOSTS).
    const scheme = page.startsWith('ws://') ? 'ws' : 'wss';
    const withScheme = /^wss?:\/\//.test(origin) ? origin : `${scheme}://${origin}`;
    return `${withScheme}/ws-game/${guid()}`;
  }

  #connect() {
    if (this.#stopped || this.#host === undefined) return;
    this.#setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.#opts.createSocket(this.#url(this.#host));
    } catch {
      this.#onClosed();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      this.#setState('open');
      this.#startHeartbeat();
      if (this.#subscribed.size) this.#send(COMMAND.SUBSCRIBE, { gameIds: [...this.#subscribed] });
    };
    socket.onmessage = (ev) => {
      if (socket === this.#socket) this.#onMessage(ev.data);
    };
    socket.onerror = () => {
      // A close event always follows an error; failover happens there.
    };
    socket.onclose = () => {
      if (socket === this.#socket) this.#onClosed();
    };
  }

  #onClosed() {
    this.#socket = null;
    this.#stopHeartbeat();
    this.#setState('closed');
    if (this.#stopped || !this.#opts.isOnline()) return;
    this.#hosts = this.#hosts.filter((h) => h !== this.#host);
    if (this.#hosts.length) {
      this.#host = this.#pickHost();
      this.#schedule(this.#t.reconnectMs);
    } else {
      this.#resetHosts();
      this.#host = this.#pickHost();
      this.#schedule(this.#t.resetHostsMs);
    }
  }

  #onBrowserOnline() {
    if (this.#stopped || this.#state !== 'closed') return;
    this.#clearRetry();
    this.#resetHosts();
    this.#host = this.#pickHost();
    this.#connect();
  }

  #schedule(ms: number) {
    this.#clearRetry();
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#connect();
    }, ms);
  }

  #clearRetry() {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
  }

  #onMessage(data: unknown) {
    // Any frame proves the connection is alive.
    this.#clearPongDeadline();
    if (typeof data !== 'string') return;
    let frame: Frame;
    try {
      frame = JSON.parse(data) as Frame;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object' || typeof frame.command !== 'number') return;
    if (
      frame.command === COMMAND.PING &&
      frame.id === this.#lastPingId &&
      frame.content === PING_CONTENT
    ) {
      return;
    }
    const pending = this.#pending.get(frame.id);
    if (pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(frame.id);
      if (frame.command === COMMAND.REFUSED) {
        const c = frame.content as { msg?: string };
        pending.reject(new Error(c?.msg ?? words().socketRefused));
      } else pending.resolve(frame);
      return;
    }
    for (const l of this.#frameListeners) l(frame);
  }

  #send(command: number, content: unknown): string {
    const id = guid();
    this.#socket?.send(JSON.stringify({ id, command, content }));
    return id;
  }

  #startHeartbeat() {
    this.#stopHeartbeat();
    this.#heartbeat = setInterval(() => {
      this.#lastPingId = this.#send(COMMAND.PING, PING_CONTENT);
      if (!this.#pongDeadline) {
        this.#pongDeadline = setTimeout(() => {
          this.#pongDeadline = null;
          // Silence for a whole timeout: the connection is dead even if the browser has not noticed.
          const socket = this.#socket;
          socket?.close(4000, 'heartbeat timeout');
          if (socket === this.#socket) this.#onClosed();
        }, this.#t.pongTimeoutMs);
      }
    }, this.#t.heartbeatMs);
  }

  #clearPongDeadline() {
    if (this.#pongDeadline) clearTimeout(this.#pongDeadline);
    this.#pongDeadline = null;
  }

  #stopHeartbeat() {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    this.#clearPongDeadline();
  }
}
