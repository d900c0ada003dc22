import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { IdParams } from '../../schemas/common.ts';
import { BASE, Done, Errors, noXsrf, tags } from './common.ts';
import { NoticeInputSchema, NoticePatchSchema, NoticeSchema } from './schemas.ts';

const notices: FastifyPluginAsyncTypebox = async (app) => {
  const c = app.content;
  app.get(
    `${BASE}/notices`,
    {
      schema: {
        tags,
        summary: 'Every rolling notice of the company, inactive ones too',
        response: { 200: EnvelopeSchema(Type.Array(NoticeSchema)), ...Errors },
      },
    },
    async () => ok((await c.notices()).map(({ companyCode: _c, ...n }) => n)),
  );
  app.post(
    `${BASE}/notices`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Add a rolling notice',
        body: NoticeInputSchema,
        response: { 200: EnvelopeSchema(NoticeSchema), ...Errors },
      },
    },
    async (request) => {
      const { companyCode: _c, ...n } = await c.createNotice(request.body);
      return ok(n);
    },
  );
  app.put(
    `${BASE}/notices/:id`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Edit a rolling notice',
        params: IdParams,
        body: NoticePatchSchema,
        response: Done,
      },
    },
    async (request) => {
      await c.updateNotice(request.params.id, request.body);
      return ok(true);
    },
  );
  app.delete(
    `${BASE}/notices/:id`,
    {
      config: noXsrf,
      schema: { tags, summary: 'Delete a rolling notice', params: IdParams, response: Done },
    },
    async (request) => {
      await c.removeNotice(request.params.id);
      return ok(true);
    },
  );
};

export default notices;
