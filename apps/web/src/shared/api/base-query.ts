import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { XSRF_TOKEN_CALL } from '@kaijiang/domain';
import { ApiError, ERROR_TEXT, REQUEST_TIMEOUT_MS, envelopeOf, unwrapEnvelope } from './api-error';
import { emitSessionEnded } from './session-events';
import { runtimeConfig } from '../config/runtime-config';
import { storage } from '../storage/storage';
import type { RootState } from '../store/root-reducer';
import { sessionEnded } from '../store/session-actions';
import { selectSignedIn } from '../store/session-slice';

/** Prefixes under the API base (docs/architecture.md §4): the versioned base and the v2 base. */
export const API_PREFIX = { versioned: '/v', v2: '/api/v2' } as const;
export const COMPANY_CODE_HEADER = 'Company-Code';
/** Where the server publishes the site's data files (docs/architecture.md §5). */
export const STATIC_JSON_ROOT = '/sys-upload/data/json';

/** These two calls answer "who am I": a dead token there must not bounce the visitor to sign-in. */
const SESSION_PROBE = /(?:^|\/)api\/user\/(?:info|status)(?:[?#]|$)/;
export const isSessionProbe = (url: string | undefined) => SESSION_PROBE.test(url ?? '');

export type Params = Record<string, string | number | boolean | undefined | null>;

/** One call: a path under the API base, or with `file` a data file (docs/architecture.md §5). */
export interface Call {
  /** Under the API base, e.g. `/api/v2/news`; or a data file name with `file: true`. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Params;
  body?: unknown;
  /** A data file under STATIC_JSON_ROOT: plain JSON (no envelope), no session, `_t` busts caches. */
  file?: boolean;
  /** Tries after the first failure. */
  retries?: number;
  /** A member's call: not sent when nobody is signed in (the store's session), it could only fail. */
  member?: boolean;
  /**
   * A call to another service of the site (the chat, docs/architecture.md §10): under its own
   * `base` (which may be another origin), with its own bearer token and nothing of ours (member
   * token, company code, anti-forgery). Its refusals are its own: they never end the member's
   * session.
   */
  service?: { base: string; bearer?: string };
}

/** What a failed call leaves in the cache: plain data (the cache is sent inside server pages). */
export interface CallError {
  /** Ready to show (spec §8), in the language of the moment it failed. */
  message: string;
  kind: ApiError['kind'];
  status?: number;
  code?: string;
  data?: unknown;
  url?: string;
  retryAfterMs?: number;
}

/** What the store hands every call: the server renderer passes its own `fetch` (app.inject). */
export interface CallContext {
  fetch?: typeof fetch;
}

export const toCallError = (e: ApiError): CallError => ({
  message: e.message,
  kind: e.kind,
  ...(e.status !== undefined ? { status: e.status } : {}),
  ...(e.code !== undefined ? { code: e.code } : {}),
  ...(e.data !== undefined ? { data: e.data } : {}),
  ...(e.url !== undefined ? { url: e.url } : {}),
  ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
});

export function urlOf(call: Call, now: () => number = Date.now): string {
  const rc = runtimeConfig();
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(call.params ?? {})) {
    if (v !== undefined && v !== null) search.set(k, String(v));
  }
  if (call.file) search.set('_t', String(now()));
  const qs = search.toString();
  const base =
    call.service?.base ??
    (call.file ? `${rc.staticHost.replace(/\/+$/, '')}${STATIC_JSON_ROOT}/` : rc.apiBase);
  return `${base}${call.url}${qs ? `?${qs}` : ''}`;
}

const SAFE = /^(GET|HEAD|OPTIONS)$/i;

function xsrfCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const m = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

function sameOrigin(url: string): boolean {
  if (typeof location === 'undefined') return true;
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** One ask at a time, whoever needs it: several calls made at once share it. */
let askingForToken: Promise<void> | null = null;

/**
 * Pages and public reads carry no anti-forgery cookie (a CDN keeps them for everyone), so a
 * visit may hold none when it first changes something: it asks for one first. `renew`: the one
 * held was refused (signed with a key since changed, or planted), and the server replaces it.
 * A failed ask is left to the call itself, which the server then refuses with its own words.
 */
function ensureXsrfToken(doFetch: typeof fetch, renew = false): Promise<void> {
  if (!renew && xsrfCookie() !== undefined) return Promise.resolve();
  askingForToken ??= doFetch(`${runtimeConfig().apiBase}${XSRF_TOKEN_CALL}`, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    cache: 'no-store',
    ...(typeof AbortSignal.timeout === 'function' && {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }),
  })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      askingForToken = null;
    });
  return askingForToken;
}

const isForm = (body: unknown): body is FormData =>
  typeof FormData !== 'undefined' && body instanceof FormData;

function headersFor(call: Call, url: string): Headers {
  const headers = new Headers({ accept: 'application/json' });
  if (call.file) return headers;
  // Another service gets its own token and nothing of ours.
  const bearer = call.service?.bearer;
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  else if (!call.service) {
    headers.set(COMPANY_CODE_HEADER, runtimeConfig().companyCode);
    // Read when the call is made, never while rendering; the server renders for nobody.
    const token = typeof window === 'undefined' ? null : storage.get('access_token');
    if (token) {
      headers.set('Authorization', token);
      headers.set('token', token);
    }
    if (!SAFE.test(call.method ?? 'GET')) {
      // Our own origin: the XSRF-TOKEN cookie's value. A page on another origin (the app build)
      // cannot read that cookie: the server accepts this value on its allowed Origin, and the
      // header makes the browser ask first (CORS preflight).
      const cookie = sameOrigin(url) ? xsrfCookie() : undefined;
      headers.set('X-XSRF-TOKEN', cookie ?? 'cross-origin');
    }
  }
  // A FormData body (an upload) sets its own multipart type and boundary.
  if (call.body !== undefined && !isForm(call.body))
    headers.set('content-type', 'application/json');
  return headers;
}

/** A change sent to our own origin from a page: the cookie's token goes with it. */
const needsOwnToken = (call: Call, url: string): boolean =>
  !call.file &&
  !call.service &&
  !SAFE.test(call.method ?? 'GET') &&
  typeof document !== 'undefined' &&
  sameOrigin(url);

/**
 * One call, with a token asked for first when a change needs one and none is held; a change
 * refused for its token is sent once more with a new one. The refusal comes before the route
 * runs, so nothing was done; without this, a visit holding a token the server no longer accepts
 * would be refused until some answer happened to replace it (pages don't).
 */
async function onceWithToken(
  call: Call,
  doFetch: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const ownToken = needsOwnToken(call, urlOf(call));
  if (ownToken) await ensureXsrfToken(doFetch);
  try {
    return await once(call, doFetch, signal);
  } catch (error) {
    const refused = error instanceof ApiError && error.status === 403 && error.code === 'REQ/XSRF';
    if (!refused || !ownToken || signal?.aborted) throw error;
    await ensureXsrfToken(doFetch, true);
    return once(call, doFetch, signal);
  }
}

/** Spec §8: a 401 or a dead token ends the session. */
const endsSession = (error: ApiError): boolean =>
  error.status === 401 || (error.status === 400 && error.code === 'UC/TOKEN_INVALID');

/** Spec §8: a 401 ends the session; a dead token clears it (and sends to sign-in, but not for the probe). */
function endSession(error: ApiError): void {
  if (error.status === 401) {
    storage.remove('access_token');
    storage.remove('chat_login_token');
    storage.remove('chat_token');
    emitSessionEnded({ reason: 'unauthorized', message: error.message || ERROR_TEXT.unauthorized });
  } else if (error.status === 400 && error.code === 'UC/TOKEN_INVALID') {
    storage.remove('access_token');
    storage.remove('chat_login_token');
    if (!isSessionProbe(error.url)) emitSessionEnded({ reason: 'token-invalid', message: null });
  }
}

async function once(
  call: Call,
  doFetch: typeof fetch,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const url = urlOf(call);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward);
  try {
    const response = await doFetch(url, {
      method: call.method ?? 'GET',
      headers: headersFor(call, url),
      credentials: 'same-origin',
      signal: controller.signal,
      ...(call.body !== undefined
        ? { body: isForm(call.body) ? call.body : JSON.stringify(call.body) }
        : {}),
    });
    // A success's body cut short (aborted after the headers came, a dropped connection) or not
    // JSON fails below like the call itself, never handing `null` on as the answer's data.
    const body: unknown = await (response.ok ? response.json() : response.json().catch(() => null));
    if (!response.ok) {
      const envelope = envelopeOf(body);
      const msg = typeof envelope?.msg === 'string' && envelope.msg.trim() ? envelope.msg : null;
      throw new ApiError(msg ?? ERROR_TEXT.status(response.status), {
        kind: 'http',
        status: response.status,
        code: typeof envelope?.code === 'string' ? envelope.code : undefined,
        data: envelope?.data,
        url,
        retryAfterMs: retryAfterOf(response),
      });
    }
    return call.file ? body : unwrapEnvelope(body, response.status, url);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(ERROR_TEXT.timeout, { kind: 'timeout', url });
    if (controller.signal.aborted) throw new ApiError(ERROR_TEXT.aborted, { kind: 'aborted', url });
    throw new ApiError(ERROR_TEXT.network, { kind: 'network', url });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/**
 * Every call of the web app, once: the spec's timeout, headers, anti-forgery, envelope and error
 * texts, and the end of a session. Answers `data`, or a failure's `error` ready to show.
 */
/** Retry-After in seconds (the only form our server sends), as milliseconds. */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export async function call<T>(
  c: Call,
  opts: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<T> {
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let last: ApiError = new ApiError(ERROR_TEXT.unknown, { kind: 'network' });
  for (let attempt = 0; attempt <= (c.retries ?? 0); attempt += 1) {
    try {
      return (await onceWithToken(c, doFetch, opts.signal)) as T;
    } catch (error) {
      last = error as ApiError;
      if (opts.signal?.aborted) break;
    }
  }
  if (!c.file && !c.service) endSession(last);
  throw last;
}

/** The RTK Query face of `call`; the store's thunk extra may carry the server renderer's fetch. */
export const baseQuery: BaseQueryFn<Call | string, unknown, CallError> = async (
  args,
  { signal, extra, dispatch, getState },
) => {
  const c = typeof args === 'string' ? { url: args } : args;
  // E.g. a screen that subscribed in the moment between a dead token's answer and its re-render:
  // asked again, the call would go without a token and end the session a second time.
  if (c.member && !selectSignedIn(getState() as Pick<RootState, 'session'>)) {
    return { error: { message: ERROR_TEXT.unauthorized, kind: 'http', url: c.url } };
  }
  try {
    const data = await call(c, { fetch: (extra as CallContext | undefined)?.fetch, signal });
    return { data };
  } catch (error) {
    // The store learns it here, whoever made the call: the guard and screens read the store.
    if (!c.file && !c.service && endsSession(error as ApiError)) dispatch(sessionEnded());
    return { error: toCallError(error as ApiError) };
  }
};
