import axios from 'axios';
import { ApiError, ERROR_TEXT, envelopeOf } from './api-error';

/** Maps whatever axios rejects with onto the error catalogue of spec §8. */
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
  if (
    error.code === 'ETIMEDOUT' ||
    (error.code === 'ECONNABORTED' && /timeout/i.test(error.message))
  ) {
    return new ApiError(ERROR_TEXT.timeout, { kind: 'timeout', url });
  }
  if (error.code === 'ECONNABORTED') {
    return new ApiError(ERROR_TEXT.aborted, { kind: 'aborted', url });
  }
  return new ApiError(ERROR_TEXT.network, { kind: 'network', url });
}
