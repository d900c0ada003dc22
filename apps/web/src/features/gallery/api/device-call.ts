import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import type { ApiError } from '@/shared/api/api-error';
import {
  call,
  toCallError,
  type Call,
  type CallContext,
  type CallError,
} from '@/shared/api/base-query';
import { sessionEnded } from '@/shared/store/session-actions';
import { deviceId } from '../model/device';

export const DEVICE_HEADER = 'x-device-id';

/**
 * A call that carries this device's id (likes are one per member or device: the contract in
 * packages/domain/src/wire/gallery-series.ts). Kept here, not in the shared base query, so the
 * game route's first load does not grow (apps/web/scripts/bundle-report.ts).
 */
export async function deviceCall<T>(
  c: Call,
  { signal, extra, dispatch }: Pick<BaseQueryApi, 'signal' | 'extra' | 'dispatch'>,
): Promise<{ data: T } | { error: CallError }> {
  const base = (extra as CallContext | undefined)?.fetch ?? globalThis.fetch.bind(globalThis);
  const id = deviceId();
  const withDevice: typeof fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (id) headers.set(DEVICE_HEADER, id);
    return base(input, { ...init, headers });
  };
  try {
    return { data: await call<T>(c, { fetch: withDevice, signal }) };
  } catch (error) {
    // `call` has cleared a refused session's token; the store learns it as the base query does.
    if ((error as ApiError).status === 401) dispatch(sessionEnded());
    return { error: toCallError(error as ApiError) };
  }
}
