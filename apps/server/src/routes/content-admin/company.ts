import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { ok } from '../../lib/envelope.ts';
import { BASE, Errors, noXsrf, tags } from './common.ts';
import { CompanyPatchSchema, CompanySchema } from './schemas.ts';

const company: FastifyPluginAsyncTypebox = async (app) => {
  const c = app.content;
  app.get(
    `${BASE}/company`,
    {
      schema: {
        tags,
        summary: 'The company record of COMPANY_CODE',
        response: { 200: EnvelopeSchema(CompanySchema), ...Errors },
      },
    },
    async () => ok(await c.company()),
  );
  app.put(
    `${BASE}/company`,
    {
      config: noXsrf,
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: 'Edit the company record (only the fields given; HTML sanitised)',
        description: 'onlineServiceUrl also sets the online_service_url setting of config.json.',
        body: CompanyPatchSchema,
        response: { 200: EnvelopeSchema(CompanySchema), ...Errors },
      },
    },
    async (request) => ok(await c.updateCompany(request.body)),
  );
};

export default company;
