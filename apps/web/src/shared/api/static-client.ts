import { ApiError, ERROR_TEXT, REQUEST_TIMEOUT_MS, envelopeOf } from './api-error';
import { takeInitialData } from '../config/initial-data';
import { runtimeConfig } from '../config/runtime-config';

/** Where the server publishes the site's data files (DESIGN §5). */
export const STATIC_JSON_ROOT = '/sys-upload/data/json';

export const STATIC_FILES = {
  config: 'config.json',
  fiveElements: 'five-elements.json',
  games: 'games.json',
  gameCenter: 'game_center.json',
  notices: (code: string) => `company/${encodeURIComponent(code)}/notice_list.json`,
  company: (code: string) => `company/${encodeURIComponent(code)}.json`,
} as const;

export interface StaticClient {
  /** GET a data file, bypassing intermediate caches with `_t`; retried `retries` more times. */
  getJson<T>(file: string, opts?: { retries?: number; signal?: AbortSignal }): Promise<T>;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * The data files are plain GETs with no session, so they use fetch: the start-up path then needs
 * no HTTP library, and axios loads with the first API call instead of the first paint.
 */
export function createStaticClient(options: {
  staticHost: string;
  fetch?: Fetch;
  now?: () => number;
  timeoutMs?: number;
}): StaticClient {
  const base = `${options.staticHost.replace(/\/+$/, '')}${STATIC_JSON_ROOT}`;
  const doFetch: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function once<T>(file: string, signal?: AbortSignal): Promise<T> {
    const url = `${base}/${file}?_t=${now()}`;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort);
    try {
      const response = await doFetch(url, {
        signal: controller.signal,
        credentials: 'same-origin',
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const msg = envelopeOf(body)?.msg;
        throw new ApiError(
          typeof msg === 'string' && msg ? msg : ERROR_TEXT.status(response.status),
          {
            kind: 'http',
            status: response.status,
            url,
          },
        );
      }
      return body as T;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new ApiError(ERROR_TEXT.timeout, { kind: 'timeout', url });
      if (controller.signal.aborted)
        throw new ApiError(ERROR_TEXT.aborted, { kind: 'aborted', url });
      throw new ApiError(ERROR_TEXT.network, { kind: 'network', url });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  return {
    async getJson<T>(file: string, opts: { retries?: number; signal?: AbortSignal } = {}) {
      const attempts = 1 + (opts.retries ?? 0);
      let lastError: ApiError = new ApiError(ERROR_TEXT.unknown, { kind: 'network' });
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        try {
          return await once<T>(file, opts.signal);
        } catch (error) {
          lastError = error as ApiError;
          if (opts.signal?.aborted) break;
        }
      }
      throw lastError;
    },
  };
}

let defaultClient: StaticClient | null = null;

/** The site's data files: the first read of each comes from index.html when the server inlined it. */
export function staticFiles(): StaticClient {
  if (!defaultClient) {
    const network = createStaticClient({ staticHost: runtimeConfig().staticHost });
    defaultClient = {
      getJson<T>(file: string, opts?: { retries?: number; signal?: AbortSignal }) {
        const inlined = takeInitialData<T>(file);
        return inlined === undefined ? network.getJson<T>(file, opts) : Promise.resolve(inlined);
      },
    };
  }
  return defaultClient;
}
