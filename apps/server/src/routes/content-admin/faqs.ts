import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { IdParams } from '../../schemas/common.ts';
import { BASE, Done, Errors, noXsrf, tags } from './common.ts';
import { AdminFaqSchema, FaqInputSchema, FaqPatchSchema } from './schemas.ts';

const faqs: FastifyPluginAsyncTypebox = async (app) => {
  const c = app.content;
  app.get(
    `${BASE}/faqs`,
    {
      schema: {
        tags,
        summary: 'Every FAQ entry, hidden ones too',
        response: { 200: EnvelopeSchema(Type.Array(AdminFaqSchema)), ...Errors },
      },
    },
    async () => ok(await c.adminFaqs()),
  );
  app.post(
    `${BASE}/faqs`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Add a FAQ entry (plain text answer)',
        body: FaqInputSchema,
        response: { 200: EnvelopeSchema(AdminFaqSchema), ...Errors },
      },
    },
    async (request) => ok(await c.createFaq(request.body)),
  );
  app.put(
    `${BASE}/faqs/:id`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Edit a FAQ entry',
        params: IdParams,
        body: FaqPatchSchema,
        response: { 200: EnvelopeSchema(AdminFaqSchema), ...Errors },
      },
    },
    async (request) => ok(await c.updateFaq(request.params.id, request.body)),
  );
  app.delete(
    `${BASE}/faqs/:id`,
    {
      config: noXsrf,
      schema: { tags, summary: 'Delete a FAQ entry', params: IdParams, response: Done },
    },
    async (request) => {
      await c.removeFaq(request.params.id);
      return ok(true);
    },
  );
};

export default faqs;
