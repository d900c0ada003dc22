import { COMMAND, PING_CONTENT, type Frame } from '@kaijiang/domain';
import { getLocale } from '../i18n';
import { guid } from './guid';
import { liveWords } from './live-words';
import {
  ReconnectingSocket,
  type SocketEnvironment,
  type SocketLike,
  type SocketState,
} from './reconnecting-socket';

export type { SocketLike, SocketState };

const words = () => liveWords[getLocale()];

export interface SocketClientOptions extends SocketEnvironment {
  /** Live hosts, e.g. "wss://live07.example.com"; "" means this page's own origin. */
  hosts: readonly string[];
  /** Host to try first; a random one of `hosts` otherwise. */
  defaultHost?: string;
  /** Origin used for the "" host: ws(s)://host of the page. */
  pageOrigin?: () => string;
}

type FrameListener = (frame: Frame) => void;

function defaultPageOrigin(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

/** `/ws-game/{guid}` on a live host (docs/architecture.md §7), a new guid per connection. */
function gameUrl(host: string, page: string): string {
  const origin = host === '' ? page : host.replace(/^http/, 'ws').replace(/\/+$/, '');
  // A bare host name serves the page's own scheme (docs/architecture.md §9 LIVE_HOSTS).
  const scheme = page.startsWith('ws://') ? 'ws' : 'wss';
  const withScheme = /^wss?:\/\//.test(origin) ? origin : `${scheme}://${origin}`;
  return `${withScheme}/ws-game/${guid()}`;
}

/**
 * The game socket of docs/architecture.md §7 over the app's one reconnecting socket
 * (reconnecting-socket.ts: host failover, heartbeat, online): the text frames `{ id, command,
 * content }`, the subscriptions sent again on every open, and requests answered by id.
 */
export class GameSocketClient {
  readonly #socket: ReconnectingSocket;
  #lastPingId: string | null = null;
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
    const pageOrigin = options.pageOrigin ?? defaultPageOrigin;
    this.#socket = new ReconnectingSocket({
      ...options,
      url: (host) => gameUrl(host, pageOrigin()),
      ping: () => {
        this.#lastPingId = guid();
        return JSON.stringify({
          id: this.#lastPingId,
          command: COMMAND.PING,
          content: PING_CONTENT,
        });
      },
      // Resume: the games asked for before the drop are asked for again.
      onOpen: () => {
        if (this.#subscribed.size)
          this.#send(COMMAND.SUBSCRIBE, { gameIds: [...this.#subscribed] });
      },
      onMessage: (data) => this.#onMessage(data),
      onState: (s) => {
        for (const l of this.#stateListeners) l(s);
      },
    });
  }

  get state(): SocketState {
    return this.#socket.state;
  }

  /** The host of the current or last connection attempt. */
  get host(): string | undefined {
    return this.#socket.host;
  }

  start(): void {
    this.#socket.start();
  }

  stop(): void {
    this.#socket.stop();
    for (const [, p] of this.#pending) {
      clearTimeout(p.timer);
      p.reject(new Error(words().socketClosed));
    }
    this.#pending.clear();
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
    if (fresh.length && this.state === 'open') this.#send(COMMAND.SUBSCRIBE, { gameIds: fresh });
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
    if (this.state !== 'open') return Promise.reject(new Error(words().socketNotReady));
    const id = this.#send(command, content);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(words().socketTimeout));
      }, this.#socket.timings.requestTimeoutMs);
      this.#pending.set(id, { resolve: resolve as (f: Frame) => void, reject, timer });
    });
  }

  #onMessage(data: unknown) {
    // Text frames only (docs/architecture.md §7): anything else is not ours to read.
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
    this.#socket.send(JSON.stringify({ id, command, content }));
    return id;
  }
}
