// The signed-in member's messages and collection, under the v2 base (docs/architecture.md §4).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COLLECTION_REF_PATTERN,
  CollectionItemSchema,
  CollectionPageSchema,
  EnvelopeSchema,
  MEMBER_PAGE_SIZE_MAX,
  MessagePageSchema,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { GuardedErrors, Id, MEMBER_ONLY, paging } from '../../schemas/common.ts';

const BASE = '/app-api/api/v2';
const Errors = GuardedErrors;
const Kind = CollectionItemSchema.properties.kind;
const RefId = Type.String({
  pattern: COLLECTION_REF_PATTERN,
  maxLength: 65,
  description:
    'news: {newsId}; draw: {gameId}:{issue}; gallery: {gameId}:{id} (the retired gallery: listed, not added)',
});
const Paging = paging(MEMBER_PAGE_SIZE_MAX, 20);

const member: FastifyPluginAsyncTypebox = async (app) => {
  // Every call here is the member's own: private, never cached by anyone.
  app.addHook('onRequest', app.requireMember);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const who = (m: { memberId: number } | null) => m!.memberId;

  app.get(
    `${BASE}/messages`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Messages, newest first, with the unread count',
        querystring: Type.Object(Paging),
        response: { 200: EnvelopeSchema(MessagePageSchema), ...Errors },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(await app.inbox.messages(who(request.member), page, pageSize));
    },
  );

  app.get(
    `${BASE}/messages/unread-count`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'How many messages are unread',
        response: { 200: EnvelopeSchema(Type.Object({ unread: Type.Integer() })), ...Errors },
      },
    },
    async (request) => ok({ unread: await app.inbox.unread(who(request.member)) }),
  );

  app.post(
    `${BASE}/messages/:id/read`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Mark one message read',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await app.inbox.markRead(who(request.member), request.params.id);
      return ok(true);
    },
  );

  app.post(
    `${BASE}/messages/read-all`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Mark every message read; answers how many changed',
        response: { 200: EnvelopeSchema(Type.Object({ updated: Type.Integer() })), ...Errors },
      },
    },
    async (request) => ok({ updated: await app.inbox.markAllRead(who(request.member)) }),
  );

  app.get(
    `${BASE}/collections`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Collected items, newest first, optionally of one kind',
        querystring: Type.Object({ kind: Type.Optional(Kind), ...Paging }),
        response: { 200: EnvelopeSchema(CollectionPageSchema), ...Errors },
      },
    },
    async (request) => ok(await app.inbox.collections(who(request.member), request.query)),
  );

  app.get(
    `${BASE}/collections/check`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Whether one item is collected: the item, or null',
        querystring: Type.Object({ kind: Kind, refId: RefId }),
        response: {
          200: EnvelopeSchema(Type.Union([CollectionItemSchema, Type.Null()])),
          ...Errors,
        },
      },
    },
    async (request) => {
      const { kind, refId } = request.query;
      return ok(await app.inbox.find(who(request.member), kind, refId));
    },
  );

  app.post(
    `${BASE}/collections`,
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Collect an item (again is fine: answers the stored one)',
        description:
          'Draws must exist. News items carry the title the page shows until the content ' +
          'service names them itself. The retired gallery kind is refused (400).',
        body: Type.Object({
          kind: Kind,
          refId: RefId,
          title: Type.Optional(Type.String({ maxLength: 200, pattern: '^[^\\u0000-\\u001f]*$' })),
        }),
        response: { 200: EnvelopeSchema(CollectionItemSchema), ...Errors },
      },
    },
    async (request) => ok(await app.inbox.collect(who(request.member), request.body)),
  );

  app.delete(
    `${BASE}/collections/:id`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Remove a collected item by its id',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await app.inbox.remove(who(request.member), request.params.id);
      return ok(true);
    },
  );

  app.delete(
    `${BASE}/collections`,
    {
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Remove a collected item by what it points at',
        querystring: Type.Object({ kind: Kind, refId: RefId }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      const { kind, refId } = request.query;
      await app.inbox.removeRef(who(request.member), kind, refId);
      return ok(true);
    },
  );
};

export default member;
