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

/** What the browser tells the socket, injectable so tests drive it by hand. */
export interface SocketEnvironment {
  createSocket?: (url: string) => SocketLike;
  isOnline?: () => boolean;
  /** Registers a callback for the browser's online event; returns the unsubscribe. */
  onBrowserOnline?: (cb: () => void) => () => void;
  /** Registers a callback for the page becoming visible again; returns the unsubscribe. */
  onPageVisible?: (cb: () => void) => () => void;
  random?: () => number;
  timings?: Partial<SocketTimings>;
}

export interface ReconnectingSocketOptions extends SocketEnvironment {
  /** Hosts to fail over between; an empty list means the one host "". */
  hosts: readonly string[];
  /** Host to try first; a random one of `hosts` otherwise. */
  defaultHost?: string;
  /** The address of a new connection to `host` (called again for every connection). */
  url: (host: string) => string;
  /** The heartbeat frame, sent every `heartbeatMs` while open. */
  ping: () => string;
  /** The connection is open (the first time or after a drop): resume here (subscribe, sign in, join). */
  onOpen: () => void;
  /** A frame as the socket gives it, text or binary: the protocol decides what it means. */
  onMessage: (data: unknown) => void;
  onState?: (state: SocketState) => void;
}

const OPEN = 1;

function listen(target: string, event: string, cb: () => void): () => void {
  const t = target === 'document' ? globalThis.document : globalThis;
  if (!t?.addEventListener) return () => undefined;
  t.addEventListener(event, cb);
  return () => t.removeEventListener(event, cb);
}

/**
 * The one reconnecting socket of the web app, under the live feed (shared/live/socket-client.ts)
 * and the chat (features/chat/model/chat-connection.ts), with the client rules of
 * docs/architecture.md §7: start on the default host; on a close while online drop that host and
 * reconnect to a random remaining one after 1 s; when none remain, reset the list and retry after
 * 5 s; when the browser comes back online (or the page comes back into view) while closed, reset
 * the list and reconnect at once. A ping every 15 s; 15 s without any frame closes the socket.
 * What a frame means, and what to send again on every open, is the protocol's business.
 */
export class ReconnectingSocket {
  readonly #o: ReconnectingSocketOptions;
  readonly #t: SocketTimings;
  readonly #createSocket: (url: string) => SocketLike;
  readonly #isOnline: () => boolean;
  #hosts: string[] = [];
  #host: string | undefined;
  #socket: SocketLike | null = null;
  #state: SocketState = 'closed';
  #stopped = true;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #heartbeat: ReturnType<typeof setInterval> | null = null;
  #pongDeadline: ReturnType<typeof setTimeout> | null = null;
  #offWake: (() => void)[] = [];

  constructor(options: ReconnectingSocketOptions) {
    this.#o = options;
    this.#t = { ...SOCKET_TIMINGS, ...options.timings };
    this.#createSocket =
      options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.#isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  }

  get state(): SocketState {
    return this.#state;
  }

  /** The host of the current or last connection attempt. */
  get host(): string | undefined {
    return this.#host;
  }

  get timings(): SocketTimings {
    return this.#t;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#resetHosts();
    const preferred = this.#o.defaultHost;
    this.#host =
      preferred !== undefined && this.#hosts.includes(preferred) ? preferred : this.#pickHost();
    const onOnline = this.#o.onBrowserOnline ?? ((cb) => listen('window', 'online', cb));
    const onVisible =
      this.#o.onPageVisible ??
      ((cb) =>
        listen('document', 'visibilitychange', () => {
          if (globalThis.document?.visibilityState === 'visible') cb();
        }));
    this.#offWake = [onOnline(() => this.#wake()), onVisible(() => this.#wake())];
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    this.#clearRetry();
    this.#stopHeartbeat();
    for (const off of this.#offWake) off();
    this.#offWake = [];
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onerror = socket.onopen = null;
      socket.close(1000, 'bye');
    }
    this.#setState('closed');
  }

  /** Sends a frame on the open connection; false when there is none (nothing is queued). */
  send(data: string): boolean {
    if (this.#state !== 'open' || this.#socket?.readyState !== OPEN) return false;
    this.#socket.send(data);
    return true;
  }

  #setState(state: SocketState) {
    if (this.#state === state) return;
    this.#state = state;
    this.#o.onState?.(state);
  }

  #resetHosts() {
    this.#hosts = this.#o.hosts.length ? [...new Set(this.#o.hosts)] : [''];
  }

  #pickHost(): string | undefined {
    if (!this.#hosts.length) return undefined;
    const random = this.#o.random ?? Math.random;
    return this.#hosts[Math.floor(random() * this.#hosts.length)];
  }

  #connect() {
    if (this.#stopped || this.#host === undefined) return;
    this.#setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.#createSocket(this.#o.url(this.#host));
    } catch {
      this.#onClosed();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      this.#setState('open');
      this.#startHeartbeat();
      this.#o.onOpen();
    };
    socket.onmessage = (ev) => {
      if (socket !== this.#socket) return;
      // Any frame proves the connection is alive.
      this.#clearPongDeadline();
      this.#o.onMessage(ev.data);
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
    if (this.#stopped || !this.#isOnline()) return;
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

  /** Online again, or in view again: a closed socket need not wait out its retry. */
  #wake() {
    if (this.#stopped || this.#state !== 'closed' || !this.#isOnline()) return;
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

  #startHeartbeat() {
    this.#stopHeartbeat();
    this.#heartbeat = setInterval(() => {
      this.send(this.#o.ping());
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
