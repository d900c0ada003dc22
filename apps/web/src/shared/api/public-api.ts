import { ApiError, ERROR_TEXT, REQUEST_TIMEOUT_MS, unwrapEnvelope } from './api-error';
import { apiDataKey } from '@kaijiang/domain';
import { peekInitialData, takeInitialData } from '../config/initial-data';
import { runtimeConfig } from '../config/runtime-config';

/** The v2 base of DESIGN §4, where the public draw calls live. */
export const V2_BASE = '/api/v2';

type Query = Record<string, string | number | undefined>;

/** An absolute-or-rooted URL under the API base, e.g. for a CSV download link. */
export function publicApiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${runtimeConfig().apiBase}${V2_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** An answer the page carries (see inlinedPublic). */
export interface Inlined<T> {
  value: T;
  /** Uses the entry up: the next read of the same call goes to the network. */
  claim(): void;
}

/**
 * The answer the server inlined into the page for GET `path` with `query` (a server-rendered
 * screen's first request), or undefined. Reading does not use it up, so a first render can read
 * it again and get the same; the screen claims it once committed.
 */
export function inlinedPublic<T>(path: string, query: Query = {}): Inlined<T> | undefined {
  const key = apiDataKey(path, query);
  const value = peekInitialData<T>(key);
  if (value === undefined || value === null) return undefined;
  return { value, claim: () => void takeInitialData(key) };
}

/**
 * GET of a public, session-less call (the draw API) with fetch instead of the axios client:
 * the home screen needs the latest draw on first load, and axios would add ~21 kB there. No
 * token, no anti-forgery header: these calls change nothing and know no visitor.
 */
export async function getPublic<T>(
  path: string,
  query: Query = {},
  opts: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<T> {
  const url = publicApiUrl(path, query);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  opts.signal?.addEventListener('abort', forward);
  try {
    const response = await (opts.fetch ?? globalThis.fetch)(url, {
      signal: controller.signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const msg = (body as { msg?: unknown } | null)?.msg;
      throw new ApiError(
        typeof msg === 'string' && msg ? msg : ERROR_TEXT.status(response.status),
        {
          kind: 'http',
          status: response.status,
          url,
        },
      );
    }
    return unwrapEnvelope<T>(body, response.status, url);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(ERROR_TEXT.timeout, { kind: 'timeout', url });
    if (controller.signal.aborted) throw new ApiError(ERROR_TEXT.aborted, { kind: 'aborted', url });
    throw new ApiError(ERROR_TEXT.network, { kind: 'network', url });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forward);
  }
}
