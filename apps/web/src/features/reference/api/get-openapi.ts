import { ApiError, ERROR_TEXT } from '@/shared/api/api-error';
import { runtimeConfig } from '@/shared/config/runtime-config';
import type { OpenApiDoc } from '../model/openapi';

/** The server's own OpenAPI document (@fastify/swagger), the source of the API guide. */
export async function getOpenApi(signal?: AbortSignal): Promise<OpenApiDoc> {
  const url = `${runtimeConfig().apiBase}/docs/json`;
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } }).catch(() => {
    throw new ApiError(ERROR_TEXT.network, { kind: 'network', url });
  });
  if (!res.ok)
    throw new ApiError(ERROR_TEXT.status(res.status), { kind: 'http', status: res.status, url });
  return (await res.json()) as OpenApiDoc;
}
