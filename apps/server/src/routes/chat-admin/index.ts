import { EnvelopeSchema } from '@kaijiang/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
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
      config: { xsrf: false },
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
      if (!(await app.repos.chat.setRole(request.params.memberId, request.body.role)))
        throw notFound('会员不存在');
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
    async () => ok(await app.repos.chat.blockedWords()),
  );

  app.post(
    `${BASE}/blocked-words`,
    {
      config: { xsrf: false },
      schema: {
        tags: ['admin'],
        summary: 'Block a word: messages containing it are refused (CHAT/BLOCKED_WORD)',
        body: Type.Object({ word: Word }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...GuardedErrors },
      },
    },
    async (request) => {
      await app.repos.chat.addBlockedWord(request.body.word.trim(), new Date().toISOString());
      app.chat.forgetWords();
      return ok(true);
    },
  );

  app.delete(
    `${BASE}/blocked-words/:word`,
    {
      config: { xsrf: false },
      schema: {
        tags: ['admin'],
        summary: 'Unblock a word',
        params: Type.Object({ word: Word }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...GuardedErrors },
      },
    },
    async (request) => {
      if (!(await app.repos.chat.removeBlockedWord(request.params.word)))
        throw notFound('没有这个词');
      app.chat.forgetWords();
      return ok(true);
    },
  );
};

export default chatAdmin;
