import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, NewsCategorySchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { IdParams } from '../../schemas/common.ts';
import { BASE, Done, Errors, noXsrf, tags } from './common.ts';
import {
  AdminNewsPageSchema,
  AdminNewsSchema,
  NewsInputSchema,
  NewsPatchSchema,
  Paging,
} from './schemas.ts';

const news: FastifyPluginAsyncTypebox = async (app) => {
  const c = app.content;
  app.get(
    `${BASE}/news`,
    {
      schema: {
        tags,
        summary: 'Every news item, hidden and scheduled ones too',
        querystring: Type.Object({ category: Type.Optional(NewsCategorySchema), ...Paging }),
        response: { 200: EnvelopeSchema(AdminNewsPageSchema), ...Errors },
      },
    },
    async (request) => ok(await c.adminNewsPage(request.query)),
  );
  app.get(
    `${BASE}/news/:id`,
    {
      schema: {
        tags,
        summary: 'One news item (no view counted)',
        params: IdParams,
        response: { 200: EnvelopeSchema(AdminNewsSchema), ...Errors },
      },
    },
    async (request) => ok(await c.getNews(request.params.id)),
  );
  app.post(
    `${BASE}/news`,
    {
      config: noXsrf,
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: 'Publish a news item; the body HTML is sanitised against an allowlist',
        body: NewsInputSchema,
        response: { 200: EnvelopeSchema(AdminNewsSchema), ...Errors },
      },
    },
    async (request) => ok(await c.createNews(request.body)),
  );
  app.put(
    `${BASE}/news/:id`,
    {
      config: noXsrf,
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: 'Edit a news item (only the fields given)',
        params: IdParams,
        body: NewsPatchSchema,
        response: { 200: EnvelopeSchema(AdminNewsSchema), ...Errors },
      },
    },
    async (request) => ok(await c.updateNews(request.params.id, request.body)),
  );
  app.delete(
    `${BASE}/news/:id`,
    {
      config: noXsrf,
      schema: { tags, summary: 'Delete a news item', params: IdParams, response: Done },
    },
    async (request) => {
      await c.removeNews(request.params.id);
      return ok(true);
    },
  );
};

export default news;
