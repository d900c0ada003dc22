import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { IdParams } from '../../schemas/common.ts';
import { BASE, Errors, noXsrf, tags } from './common.ts';
import {
  AnswerSchema,
  Paging,
  QuestionPageSchema,
  QuestionSchema,
  QuestionStatusSchema,
} from './schemas.ts';

const questions: FastifyPluginAsyncTypebox = async (app) => {
  const c = app.content;
  app.get(
    `${BASE}/questions`,
    {
      schema: {
        tags,
        summary: 'Questions sent by visitors, newest first',
        querystring: Type.Object({ status: Type.Optional(QuestionStatusSchema), ...Paging }),
        response: { 200: EnvelopeSchema(QuestionPageSchema), ...Errors },
      },
    },
    async (request) => ok(await c.questions(request.query)),
  );
  app.post(
    `${BASE}/questions/:id/answer`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Record the answer to a question (status answered, or closed)',
        params: IdParams,
        body: AnswerSchema,
        response: { 200: EnvelopeSchema(QuestionSchema), ...Errors },
      },
    },
    async (request) =>
      ok(await c.answerQuestion(request.params.id, request.body.answer, request.body.status)),
  );
};

export default questions;
