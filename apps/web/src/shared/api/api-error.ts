import { defineMessages, format, getLocale } from '../i18n';

/** Spec §7: every call gives up after 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;

export type ApiErrorKind = 'network' | 'aborted' | 'timeout' | 'http' | 'server';

const words = defineMessages({
  'zh-Hans': {
    network: '网络异常，请检查网络连接',
    aborted: '请求已取消',
    timeout: '请求超时，请稍后重试',
    status: '请求失败，状态码 {status}',
    unknown: '请求失败，请稍后重试',
    unauthorized: '登录已失效，请重新登录',
  },
  'zh-Hant': {
    network: '網絡異常，請檢查網絡連接',
    aborted: '請求已取消',
    timeout: '請求超時，請稍後重試',
    status: '請求失敗，狀態碼 {status}',
    unknown: '請求失敗，請稍後重試',
    unauthorized: '登入已失效，請重新登入',
  },
});

/**
 * The error catalogue of spec §8, in the words a visitor reads. Read when an error is made, in
 * the language chosen then: the message travels inside the error and is shown later as it is.
 */
export const ERROR_TEXT = {
  get network() {
    return words[getLocale()].network;
  },
  get aborted() {
    return words[getLocale()].aborted;
  },
  get timeout() {
    return words[getLocale()].timeout;
  },
  status: (status: number) => format(words[getLocale()].status, { status }),
  get unknown() {
    return words[getLocale()].unknown;
  },
  get unauthorized() {
    return words[getLocale()].unauthorized;
  },
};

/** Every failed call rejects with this: `message` is ready to show, `code` is the server's code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly data: unknown;
  readonly url: string | undefined;
  /** From a 429's Retry-After: how long the server asks the client to wait. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    init: {
      kind: ApiErrorKind;
      status?: number;
      code?: string;
      data?: unknown;
      url?: string;
      retryAfterMs?: number;
    },
  ) {
    super(message);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.url = init.url;
    this.retryAfterMs = init.retryAfterMs;
  }
}

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

export function envelopeOf(body: unknown): EnvelopeLike | null {
  return body && typeof body === 'object' ? (body as EnvelopeLike) : null;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A 200 answer is an envelope; anything but code "OK" is a failure with the server's words. */
export function unwrapEnvelope<T>(body: unknown, status: number, url?: string): T {
  const envelope = envelopeOf(body);
  if (!envelope || !('code' in envelope)) return body as T;
  if (envelope.code === 'OK') return envelope.data as T;
  const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : ERROR_TEXT.unknown;
  throw new ApiError(msg, {
    kind: 'server',
    status,
    code: String(envelope.code),
    data: envelope.data,
    url,
  });
}
