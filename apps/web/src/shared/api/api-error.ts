import axios from 'axios';

export type ApiErrorKind = 'network' | 'aborted' | 'timeout' | 'http' | 'server';

/** The error catalogue of spec §8, in the words a visitor reads. */
export const ERROR_TEXT = {
  network: '网络异常，请检查网络连接',
  aborted: '请求已取消',
  timeout: '请求超时，请稍后重试',
  status: (status: number) => `请求失败，状态码 ${status}`,
  unknown: '请求失败，请稍后重试',
  unauthorized: '登录已失效，请重新登录',
} as const;

/** Every failed call rejects with this: `message` is ready to show, `code` is the server's code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly data: unknown;
  readonly url: string | undefined;

  constructor(
    message: string,
    init: { kind: ApiErrorKind; status?: number; code?: string; data?: unknown; url?: string },
  ) {
    super(message);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.url = init.url;
  }
}

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

function envelopeOf(body: unknown): EnvelopeLike | null {
  return body && typeof body === 'object' ? (body as EnvelopeLike) : null;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!axios.isAxiosError(error)) {
    return new ApiError(ERROR_TEXT.unknown, { kind: 'network' });
  }
  const url = error.config?.url;
  if (axios.isCancel(error) || error.code === 'ERR_CANCELED') {
    return new ApiError(ERROR_TEXT.aborted, { kind: 'aborted', url });
  }
  if (error.response) {
    const { status } = error.response;
    const body = envelopeOf(error.response.data);
    const msg = typeof body?.msg === 'string' && body.msg.trim() ? body.msg : null;
    return new ApiError(msg ?? ERROR_TEXT.status(status), {
      kind: 'http',
      status,
      code: typeof body?.code === 'string' ? body.code : undefined,
      data: body?.data,
      url,
    });
  }
  if (error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message))) {
    return new ApiError(ERROR_TEXT.timeout, { kind: 'timeout', url });
  }
  if (error.code === 'ECONNABORTED') {
    return new ApiError(ERROR_TEXT.aborted, { kind: 'aborted', url });
  }
  return new ApiError(ERROR_TEXT.network, { kind: 'network', url });
}

/** A 200 answer is an envelope; anything but code "OK" is a failure with the server's words. */
export function unwrapEnvelope<T>(body: unknown, status: number, url?: string): T {
  const envelope = envelopeOf(body);
  if (!envelope || !('code' in envelope)) return body as T;
  if (envelope.code === 'OK') return envelope.data as T;
  const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : ERROR_TEXT.unknown;
  return Promise.reject(
    new ApiError(msg, {
      kind: 'server',
      status,
      code: String(envelope.code),
      data: envelope.data,
      url,
    }),
  ) as never;
}
