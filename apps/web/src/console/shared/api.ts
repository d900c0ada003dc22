// The console's one RTK Query api: every call goes to the server's own origin with the session
// cookie (HttpOnly, the browser sends it) and the anti-forgery header read from XSRF-TOKEN.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';

export interface ApiFailure {
  status: number;
  code: string;
  msg: string;
  /** Per-field messages (`{ password: '…' }`) when the server gave them. */
  fields: Record<string, string>;
}

interface Args {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

/** The anti-forgery token every call but a GET sends as x-xsrf-token. */
export const xsrfToken = (): string =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('XSRF-TOKEN='))
    ?.slice('XSRF-TOKEN='.length) ?? '';

/** Broadcast when the server says the session is over: the shell shows the sign-in form. */
export const SIGNED_OUT_EVENT = 'kj-console-signed-out';

const consoleQuery: BaseQueryFn<Args | string, unknown, ApiFailure> = async (arg) => {
  const { url, method = 'GET', body } = typeof arg === 'string' ? { url: arg } : arg;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method !== 'GET' && { 'x-xsrf-token': xsrfToken() }),
        // A FormData body (an upload) sets its own multipart type and boundary.
        ...(body !== undefined &&
          !(body instanceof FormData) && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    return {
      error: { status: 0, code: 'NETWORK', msg: 'network', fields: {} },
    };
  }
  // A proxy's HTML error page is no envelope: the status alone speaks then.
  const envelope: { code?: string; msg?: string; data?: unknown } = await res
    .json()
    .catch(() => ({}));
  if (res.ok && envelope.code === 'OK') return { data: envelope.data };
  return { error: failureOf(res.status, envelope) };
};

/**
 * The failure an answer that is not OK stands for (also for the picture library's upload, which
 * goes through XMLHttpRequest for its progress); a 401 signs the console out.
 */
export function failureOf(
  status: number,
  envelope: { code?: string; msg?: string; data?: unknown },
): ApiFailure {
  const data = envelope.data;
  const fields =
    data && typeof data === 'object' && !Array.isArray(data)
      ? Object.fromEntries(
          Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : {};
  if (status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  return { status, code: envelope.code ?? 'SYS/ERROR', msg: envelope.msg ?? '', fields };
}

export const consoleApi = createApi({
  reducerPath: 'consoleApi',
  baseQuery: consoleQuery,
  // An operator's data is not kept once its screen is gone: a console shows what is true now,
  // and nothing of one operator is left in memory for the next to see after signing out.
  keepUnusedDataFor: 0,
  tagTypes: [
    'Session',
    'Dashboard',
    'Members',
    'Member',
    'Audit',
    'Operators',
    'Draw',
    'Questions',
    'News',
    'Site',
    'Chat',
    'Gallery',
    'GalleryComments',
  ],
  endpoints: () => ({}),
});

export const isApiFailure = (e: unknown): e is ApiFailure =>
  typeof e === 'object' && e !== null && 'code' in e && 'status' in e;
