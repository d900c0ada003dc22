import { CHAT_PAGE_MAX, EnvelopeSchema } from '@kaijiang/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { GuardedErrors, Id } from '../../schemas/common.ts';

const BASE = '/app-api/admin/chat';
/** A blocked word: what a message may not contain (compared without case and spaces). */
const Word = Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' });

/** Operator calls of the chat (ADMIN_TOKEN): moderators and blocked words. */
const chatAdmin: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.consoleGuard('chat'));

  app.put(
    `${BASE}/members/:memberId/role`,
    {
      config: { xsrf: false, audit: 'chat.role' },
      schema: {
        tags: ['admin'],
        summary: 'Make a member a chat moderator, or a plain member again',
        params: Type.Object({ memberId: Id }),
        body: Type.Object({
          role: Type.Union([Type.Literal('member'), Type.Literal('moderator')]),
        }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...GuardedErrors },
      },
    },
    async (request) => {
      await app.chat.operator.setRole(request.params.memberId, request.body.role);
      request.log.info(
        { memberId: request.params.memberId, role: request.body.role },
        'chat role changed',
      );
      return ok(true);
    },
  );

  app.get(
    `${BASE}/blocked-words`,
    {
      schema: {
        tags: ['admin'],
        summary: 'The blocked words of the chat',
        response: { 200: EnvelopeSchema(Type.Array(Type.String())), ...GuardedErrors },
      },
    },
    async () => ok(await app.chat.operator.blockedWords()),
  );

  app.post(
    `${BASE}/blocked-words`,
    {
      config: { xsrf: false, audit: 'chat.word.add' },
      schema: {
        tags: ['admin'],
        summary: 'Block a word: messages containing it are refused (CHAT/BLOCKED_WORD)',
        body: Type.Object({ word: Word }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...GuardedErrors },
      },
    },
    async (request) => {
      await app.chat.operator.blockWord(request.body.word);
      return ok(true);
    },
  );

  app.delete(
    `${BASE}/blocked-words/:word`,
    {
      config: { xsrf: false, audit: 'chat.word.remove' },
      schema: {
        tags: ['admin'],
        summary: 'Unblock a word',
        params: Type.Object({ word: Word }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...GuardedErrors },
      },
    },
    async (request) => {
      await app.chat.operator.unblockWord(request.params.word);
      return ok(true);
    },
  );

  // The console's moderators watch the rooms, the reported messages, and act on them.
  const Message = Type.Object({
    id: Type.Integer(),
    room: Type.String(),
    user: Type.Object({
      id: Type.Integer(),
      nickname: Type.String(),
      avatar: Type.String(),
      role: Type.String(),
    }),
    text: Type.Optional(Type.String()),
    image: Type.Optional(Type.String()),
    at: Type.String(),
  });

  app.get(
    `${BASE}/rooms`,
    {
      schema: {
        tags: ['admin'],
        summary: 'The rooms and the number online in each',
        response: {
          200: EnvelopeSchema(
            Type.Array(
              Type.Object({ id: Type.String(), name: Type.String(), online: Type.Integer() }),
            ),
          ),
          ...GuardedErrors,
        },
      },
    },
    async () => ok(await app.chat.rooms()),
  );

  app.get(
    `${BASE}/rooms/:room/messages`,
    {
      schema: {
        tags: ['admin'],
        summary: "A room's latest messages, newest first",
        params: Type.Object({ room: Type.String({ pattern: '^(lobby|game-[1-9]\\d{0,5})$' }) }),
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: CHAT_PAGE_MAX, default: CHAT_PAGE_MAX }),
        }),
        response: { 200: EnvelopeSchema(Type.Array(Message)), ...GuardedErrors },
      },
    },
    async (request) => {
      const room = await app.chat.assertRoom(request.params.room);
      return ok(await app.chat.history(room, null, request.query.limit));
    },
  );

  app.get(
    `${BASE}/reports`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reported messages still shown: most reports first',
        response: {
          200: EnvelopeSchema(
            Type.Array(
              Type.Object({
                ...Message.properties,
                memberId: Type.Union([Type.Integer(), Type.Null()]),
                reports: Type.Integer(),
              }),
            ),
          ),
          ...GuardedErrors,
        },
      },
    },
    async () => ok(await app.chat.operator.reported(100)),
  );

  app.delete(
    `${BASE}/messages/:id`,
    {
      config: { xsrf: false, audit: 'chat.remove' },
      schema: {
        tags: ['admin'],
        summary: 'Remove a message from its room (every reader sees it go)',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...GuardedErrors },
      },
    },
    async (request) => {
      await app.chat.operator.remove(request.params.id);
      return ok(true);
    },
  );

  app.post(
    `${BASE}/mutes`,
    {
      config: { xsrf: false, audit: 'chat.mute' },
      schema: {
        tags: ['admin'],
        summary: 'Mute a member for some minutes (at most 30 days)',
        body: Type.Object(
          { memberId: Id, minutes: Type.Integer({ minimum: 1, maximum: 30 * 24 * 60 }) },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(Type.Object({ until: Type.String() })), ...GuardedErrors },
      },
    },
    async (request) =>
      ok({ until: await app.chat.operator.mute(request.body.memberId, request.body.minutes) }),
  );

  app.delete(
    `${BASE}/mutes/:memberId`,
    {
      config: { xsrf: false, audit: 'chat.unmute' },
      schema: {
        tags: ['admin'],
        summary: 'Lift a mute',
        params: Type.Object({ memberId: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...GuardedErrors },
      },
    },
    async (request) => {
      await app.chat.operator.unmute(request.params.memberId);
      return ok(true);
    },
  );
};

export default chatAdmin;
