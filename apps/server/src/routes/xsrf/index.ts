import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorEnvelopeSchema, XSRF_TOKEN_CALL } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';

export const XSRF_TOKEN_PATH = `/app-api${XSRF_TOKEN_CALL}`;

const xsrfToken: FastifyPluginAsyncTypebox = async (app) => {
  // Pages and public reads set no cookie (a CDN keeps them for everyone: plugins/app/xsrf.ts), so
  // a first visit holds no token until it asks here, once, before its first state-changing call.
  app.get(
    XSRF_TOKEN_PATH,
    {
      // A browser asks once a visit; the limit only keeps a client from churning the known tokens.
      config: { xsrfToken: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary: 'Sets the XSRF-TOKEN cookie when the request carries no valid one',
        response: { 200: EnvelopeSchema(Type.Boolean()), 429: ErrorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(true);
    },
  );
};

export default xsrfToken;
