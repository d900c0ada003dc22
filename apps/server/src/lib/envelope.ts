import type { Envelope, ErrorCode } from '@kaijiang/domain';

export function ok<T>(data: T): Envelope<T> {
  return { code: 'OK', msg: 'ok', data };
}

export function fail(code: ErrorCode, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data };
}
