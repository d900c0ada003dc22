// Moderators look after members: search, view, disable and enable, reset a password, write.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { IdParams } from '../../schemas/common.ts';
import {
  BASE,
  ConsoleMemberSchema,
  Errors,
  MemberMessageSchema,
  MemberQuerySchema,
  tags,
} from './schemas.ts';

const members: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.consoleGuard('members'));
  const admin = app.memberAdmin;

  app.get(
    `${BASE}/members`,
    {
      schema: {
        tags,
        summary:
          'Members: `q` matches username, nickname or phone; sorted newest first, oldest first or by username',
        querystring: MemberQuerySchema,
        response: {
          200: EnvelopeSchema(
            Type.Object({ total: Type.Integer(), items: Type.Array(ConsoleMemberSchema) }),
          ),
          ...Errors,
        },
      },
    },
    async (request) => {
      const { q, page, pageSize, sort } = request.query;
      return ok(await admin.search(q, page, pageSize, sort));
    },
  );

  app.get(
    `${BASE}/members/:id`,
    {
      schema: {
        tags,
        summary: 'A member and how many sessions they hold',
        params: IdParams,
        response: {
          200: EnvelopeSchema(
            Type.Object({ member: ConsoleMemberSchema, sessions: Type.Integer() }),
          ),
          ...Errors,
        },
      },
    },
    async (request) => ok(await admin.get(request.params.id)),
  );

  for (const disabled of [true, false]) {
    app.post(
      `${BASE}/members/:id/${disabled ? 'disable' : 'enable'}`,
      {
        config: { xsrf: false, audit: disabled ? 'members.disable' : 'members.enable' },
        schema: {
          tags,
          summary: disabled
            ? 'Disable a member: no sign-in; every session and chat token ends'
            : 'Enable a member again',
          params: IdParams,
          response: { 200: EnvelopeSchema(ConsoleMemberSchema), ...Errors },
        },
      },
      async (request) => {
        const r = await admin.setDisabled(request.params.id, disabled);
        request.auditBefore = r.before;
        return ok(r.after);
      },
    );
  }

  app.post(
    `${BASE}/members/:id/reset-password`,
    {
      config: { xsrf: false, audit: 'members.reset-password' },
      schema: {
        tags,
        summary: 'A temporary password (shown once); every session of the member ends',
        params: IdParams,
        response: {
          200: EnvelopeSchema(Type.Object({ temporaryPassword: Type.String() })),
          ...Errors,
        },
      },
    },
    async (request) => ok({ temporaryPassword: await admin.resetPassword(request.params.id) }),
  );

  app.post(
    `${BASE}/members/:id/messages`,
    {
      config: { xsrf: false, audit: 'members.message' },
      schema: {
        tags,
        summary: "Write to a member's messages (/my-message)",
        params: IdParams,
        body: MemberMessageSchema,
        response: { 200: EnvelopeSchema(Type.Object({ id: Type.Integer() })), ...Errors },
      },
    },
    async (request) => ok({ id: await admin.sendMessage(request.params.id, request.body) }),
  );
};

export default members;
