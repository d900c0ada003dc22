// The chat service's calls (docs/architecture.md §10), mounted at /chat-api: session, rooms, history, reports
// and moderation (its live socket is ./socket.ts). Schema-first; the rules are in ../../services/chat/service.ts.
import { CHAT_PAGE_MAX, EnvelopeSchema } from '@kaijiang/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { tokenFromHeaders } from '../../services/members/tokens.ts';
import { errorReplies, Id } from '../../schemas/common.ts';
import { MUTE_MAX_MINUTES, type ChatIdentity } from '../../services/chat/service.ts';
import { storeChatImage } from '../../services/chat/images.ts';

const CHAT_ONLY = [{ chatToken: [] as string[] }];
const Errors = errorReplies(400, 401, 403, 404, 429);

const ChatUserSchema = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  role: Type.String({ description: 'member, moderator, or system (the room’s own messages)' }),
});
const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  room: Type.String(),
  user: ChatUserSchema,
  text: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  at: Type.String({ format: 'date-time' }),
  draw: Type.Optional(
    Type.Object(
      { gameId: Type.Integer(), issue: Type.String() },
      {
        description:
          'On the room’s own message about a draw: which draw (its text says the result)',
      },
    ),
  ),
});
const RoomParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });

const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { chat } = app;
  const who = (request: FastifyRequest): Promise<ChatIdentity> =>
    chat.authenticate(tokenFromHeaders(request.headers));

  app.post(
    '/session',
    {
      // A bearer token in a header cannot be sent by another site's page: no XSRF cookie here.
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Trade a chat login token (once) for a chat token',
        response: {
          200: EnvelopeSchema(Type.Object({ chatToken: Type.String(), user: ChatUserSchema })),
          ...Errors,
        },
      },
    },
    async (request) => ok(await chat.openSession(tokenFromHeaders(request.headers))),
  );

  app.get(
    '/rooms',
    {
      schema: {
        tags: ['chat'],
        summary: 'Rooms (the lobby and one per game) with the number online',
        response: {
          200: EnvelopeSchema(
            Type.Array(
              Type.Object({ id: Type.String(), name: Type.String(), online: Type.Integer() }),
            ),
          ),
          ...Errors,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await chat.rooms());
    },
  );

  app.get(
    '/rooms/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'A room’s messages, newest first; readable without a token',
        params: RoomParams,
        querystring: Type.Object({
          before: Type.Optional(Id),
          limit: Type.Integer({ minimum: 1, maximum: CHAT_PAGE_MAX, default: CHAT_PAGE_MAX }),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ items: Type.Array(ChatMessageSchema) })),
          ...Errors,
        },
      },
    },
    async (request, reply) => {
      const room = await chat.assertRoom(request.params.id);
      reply.header('cache-control', 'no-store');
      return ok({
        items: await chat.history(room, request.query.before ?? null, request.query.limit),
      });
    },
  );

  app.post(
    '/messages/:id/report',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Report a message to the moderators',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await chat.report(await who(request), request.params.id);
      return ok(true);
    },
  );

  app.delete(
    '/messages/:id',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Delete a message (moderators); it disappears from every reader’s room',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await chat.remove(await who(request), request.params.id);
      return ok(true);
    },
  );

  app.post(
    '/mutes',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Mute a member for a number of minutes (moderators)',
        body: Type.Object({
          memberId: Id,
          minutes: Type.Integer({ minimum: 1, maximum: MUTE_MAX_MINUTES }),
        }),
        response: { 200: EnvelopeSchema(Type.Object({ until: Type.String() })), ...Errors },
      },
    },
    async (request) => {
      const until = await chat.mute(
        await who(request),
        request.body.memberId,
        request.body.minutes,
      );
      return ok({ until });
    },
  );

  app.post(
    '/images',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary:
          'Upload a picture for the chat (multipart field "file"): PNG, JPEG, WebP or GIF, ≤ 2 MB',
        description:
          'The type is read from the bytes; camera metadata (EXIF, XMP, comments) is removed. ' +
          'Answers the path to send in a say frame ({ room, image }).',
        consumes: ['multipart/form-data'],
        response: {
          200: EnvelopeSchema(Type.Object({ path: Type.String() })),
          413: Errors[400],
          ...Errors,
        },
      },
    },
    async (request) => {
      const identity = await who(request);
      return ok(await storeChatImage(app, request, identity));
    },
  );
};

export default chatRoutes;
