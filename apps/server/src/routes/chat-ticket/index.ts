import { EnvelopeSchema } from '@kaijiang/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { GuardedErrors, MEMBER_ONLY } from '../../schemas/common.ts';

/** The way into the chat (docs/architecture.md §10): a signed-in member's single-use chat login token. */
const chatTicket: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/app-api/api/v2/chat/ticket',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['chat'],
        security: MEMBER_ONLY,
        summary:
          'A chat login token for the signed-in member (2 minutes, once), and where the chat is',
        response: {
          200: EnvelopeSchema(
            Type.Object({
              chatLoginToken: Type.String(),
              chatUrl: Type.String(),
              chatImgUrl: Type.String(),
            }),
          ),
          ...GuardedErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({
        chatLoginToken: await app.chat.issueTicket(request.member!),
        chatUrl: app.config.chatUrl,
        chatImgUrl: app.config.chatImgUrl,
      });
    },
  );
};

export default chatTicket;
