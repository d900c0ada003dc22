import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { GameId, IdParams } from '../../schemas/common.ts';
import { BASE, Done, Errors, noXsrf, tags } from './common.ts';
import {
  AdminGalleryDetailSchema,
  AdminGalleryPageSchema,
  AdminGallerySchema,
  GalleryInputSchema,
  GalleryPatchSchema,
  Paging,
} from './schemas.ts';

const galleries: FastifyPluginAsyncTypebox = async (app) => {
  const c = app.content;
  app.get(
    `${BASE}/galleries`,
    {
      schema: {
        tags,
        summary: "A game's gallery pictures, hidden ones too",
        querystring: Type.Object({ gameId: GameId, ...Paging }),
        response: { 200: EnvelopeSchema(AdminGalleryPageSchema), ...Errors },
      },
    },
    async (request) => ok(await c.adminGalleryPage(request.query)),
  );
  app.get(
    `${BASE}/galleries/:id`,
    {
      schema: {
        tags,
        summary: 'A gallery entry with its pictures in order, hidden or not',
        params: IdParams,
        response: { 200: EnvelopeSchema(AdminGalleryDetailSchema), ...Errors },
      },
    },
    async (request) => ok(await c.adminGallery(request.params.id)),
  );
  app.post(
    `${BASE}/galleries`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary:
          'Add the pictures of one issue (upload them first): image for one, pictures for a set; thumb defaults to image',
        body: GalleryInputSchema,
        response: { 200: EnvelopeSchema(AdminGallerySchema), ...Errors },
      },
    },
    async (request) => ok(await c.createGallery(request.body)),
  );
  app.put(
    `${BASE}/galleries/:id`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Edit a gallery entry; pictures replaces its set (reorder, add, remove)',
        params: IdParams,
        body: GalleryPatchSchema,
        response: { 200: EnvelopeSchema(AdminGallerySchema), ...Errors },
      },
    },
    async (request) => ok(await c.updateGallery(request.params.id, request.body)),
  );
  app.delete(
    `${BASE}/galleries/:id`,
    {
      config: noXsrf,
      schema: { tags, summary: 'Delete a gallery picture', params: IdParams, response: Done },
    },
    async (request) => {
      await c.removeGallery(request.params.id);
      return ok(true);
    },
  );
};

export default galleries;
