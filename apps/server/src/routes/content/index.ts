// Public content calls under the v2 base (docs/architecture.md §4): news, FAQ, the partner table,
// and the question form of /ask-question.
import { tokenFromHeaders } from '../../services/members/tokens.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTENT_PAGE_SIZE_MAX,
  EnvelopeSchema,
  FaqSchema,
  NewsCategorySchema,
  NewsDetailSchema,
  NewsPageSchema,
  QuestionInputSchema,
  TeamConditionSchema,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { Id, PublicErrors, errorReplies, paging } from '../../schemas/common.ts';
import { LIST_CACHE, STABLE_CACHE } from '../../lib/cache-control.ts';

const BASE = '/app-api/api/v2';
const Paging = paging(CONTENT_PAGE_SIZE_MAX, 10);
const Errors = PublicErrors;

/** Questions one address may send per window (a person asks a few, a script many). */
export const QUESTION_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

const content: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/news`,
    {
      schema: {
        tags: ['content'],
        summary: 'Published news, newest first, optionally of one category',
        querystring: Type.Object({ category: Type.Optional(NewsCategorySchema), ...Paging }),
        response: { 200: EnvelopeSchema(NewsPageSchema), ...Errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return ok(await app.content.newsPage(request.query));
    },
  );

  app.get(
    `${BASE}/news/:id`,
    {
      schema: {
        tags: ['content'],
        summary: 'One news item with its sanitised HTML body; counts a view',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(NewsDetailSchema), ...Errors },
      },
    },
    async (request, reply) => {
      // Every reading must reach us to be counted.
      reply.header('cache-control', 'no-cache');
      return ok(await app.content.readNews(request.params.id));
    },
  );

  app.get(
    `${BASE}/faqs`,
    {
      schema: {
        tags: ['content'],
        summary: 'Frequently asked questions in display order',
        response: { 200: EnvelopeSchema(Type.Array(FaqSchema)), ...Errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', STABLE_CACHE);
      return ok(await app.content.faqs());
    },
  );

  app.get(
    `${BASE}/team-conditions`,
    {
      schema: {
        tags: ['content'],
        summary: 'The partner programme table: tier, requirement, benefit',
        response: { 200: EnvelopeSchema(Type.Array(TeamConditionSchema)), ...Errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', STABLE_CACHE);
      return ok(await app.content.teamConditions());
    },
  );

  app.post(
    `${BASE}/questions`,
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: QUESTION_LIMIT },
      schema: {
        tags: ['content'],
        summary: 'Send a question to the operators (JSON, urlencoded or multipart form)',
        description:
          'Needs the X-XSRF-TOKEN header. Name and contact are optional. Limited per address.',
        body: QuestionInputSchema,
        response: {
          200: EnvelopeSchema(Type.Boolean()),
          ...errorReplies(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A signed-in member's question is theirs (the answer reaches their messages); a token
      // that no longer works makes it a visitor's question, not a refusal.
      const token = tokenFromHeaders(request.headers);
      const memberId = token
        ? await app.members.authenticate(token).then(
            (s) => s.memberId,
            () => null,
          )
        : null;
      await app.content.submitQuestion(request.body, memberId);
      return ok(true);
    },
  );
};

export default content;
