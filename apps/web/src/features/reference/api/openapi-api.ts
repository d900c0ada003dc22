import { api } from '@/shared/api/api';
import type { OpenApiDoc } from '../model/openapi';

/** The server's own OpenAPI document (@fastify/swagger), the source of the API guide. */
export const openApiApi = api.injectEndpoints({
  endpoints: (build) => ({
    openApi: build.query<OpenApiDoc, void>({ query: () => '/docs/json' }),
  }),
});

export const { useOpenApiQuery } = openApiApi;
