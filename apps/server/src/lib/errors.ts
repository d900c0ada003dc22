import type { ErrorCode } from '@kaijiang/domain';

/**
 * An error a service throws on purpose: its status, code and Chinese msg reach the client as is
 * (unlike any other error, which becomes a generic 500).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly data: unknown;
  /** Sent with the answer, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;
  constructor(
    statusCode: number,
    code: ErrorCode,
    msg: string,
    data: unknown = null,
    headers: Record<string, string> = {},
  ) {
    super(msg);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.data = data;
    this.headers = headers;
  }
}

export const notFound = (msg = '请求的资源不存在'): AppError => new AppError(404, 'NOT_FOUND', msg);
