// Operators' calls for the picture library (docs/architecture.md §14), behind the editors'
// guard; every change leaves an audit entry (plugins/app/operators.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminGalleryCommentPageSchema,
  AdminSeriesPageSchema,
  AdminSeriesSchema,
  EnvelopeSchema,
  ErrorEnvelopeSchema,
  GALLERY_ISSUES_PAGE_SIZE,
  GalleryCommentHideSchema,
  SeriesInputSchema,
  SeriesIssuePageSchema,
  UploadPreviewSchema,
  UploadResultSchema,
} from '@kaijiang/domain';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ISSUE_PATTERN } from '../../services/gallery/cards.ts';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  type RawFile,
} from '../../services/gallery/uploads.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { MultipartError, readMultipartFiles, takeMultipart } from '../../lib/multipart.ts';
import { GameId, Id, IdParams, errorReplies, paging } from '../../schemas/common.ts';

const BASE = '/app-api/admin/gallery';
const tags = ['admin', 'gallery'];
const Errors = errorReplies(400, 401, 403, 404);
const noXsrf = { xsrf: false } as const;
const SeriesPatchSchema = Type.Partial(SeriesInputSchema, { additionalProperties: false });

const refuse = (msg: string, status = 400) =>
  new AppError(status, 'REQ/INVALID', msg, { files: msg });

/** Every file of a multipart body, bounded in number and in bytes as they arrive. */
async function filesOf(request: FastifyRequest): Promise<RawFile[]> {
  const body = takeMultipart(request);
  if (!body) throw refuse('请以 multipart/form-data 上传图片或压缩包');
  try {
    return await readMultipartFiles(
      request.headers,
      body,
      { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, parts: UPLOAD_MAX_FILES + 10 },
      UPLOAD_MAX_BYTES,
    );
  } catch (err) {
    if (!(err instanceof MultipartError)) throw err;
    if (err.reason === 'too-large') throw refuse('文件总大小超过 120 MB，请分批上传', 413);
    request.log.info({ err }, 'malformed gallery upload');
    throw refuse(`上传格式有误，或一次超过 ${UPLOAD_MAX_FILES} 个文件`);
  }
}

const operatorKey = (request: FastifyRequest) => {
  const op = request.operator;
  return op?.id != null ? `op:${op.id}` : `token:${op?.name ?? ''}`;
};

const galleryAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const a = app.galleryAdmin;
  app.addHook('onRequest', app.consoleGuard('content'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    `${BASE}/series`,
    {
      schema: {
        tags,
        summary: "A game's series, hidden ones too, by position",
        querystring: Type.Object({
          gameId: GameId,
          q: Type.Optional(Type.String({ maxLength: 20 })),
          ...paging(100, 50),
        }),
        response: { 200: EnvelopeSchema(AdminSeriesPageSchema), ...Errors },
      },
    },
    async (request) => ok(await a.page(request.query)),
  );
  app.get(
    `${BASE}/series/:id`,
    {
      schema: {
        tags,
        summary: 'One series with its views, likes and comments',
        params: IdParams,
        response: { 200: EnvelopeSchema(AdminSeriesSchema), ...Errors },
      },
    },
    async (request) => ok(await a.get(request.params.id)),
  );
  app.get(
    `${BASE}/series/:id/issues`,
    {
      schema: {
        tags,
        summary: "A series' issues newest first, hidden series too",
        params: IdParams,
        querystring: Type.Object(paging(100, GALLERY_ISSUES_PAGE_SIZE)),
        response: { 200: EnvelopeSchema(SeriesIssuePageSchema), ...Errors },
      },
    },
    async (request) => ok(await app.gallery.issues(request.params.id, request.query, true)),
  );
  app.post(
    `${BASE}/series`,
    {
      config: { ...noXsrf, audit: 'gallery.series.create' },
      schema: {
        tags,
        summary: 'Create a series',
        body: SeriesInputSchema,
        response: { 200: EnvelopeSchema(AdminSeriesSchema), ...Errors },
      },
    },
    async (request) => ok(await a.create(request.body)),
  );
  app.put(
    `${BASE}/series/:id`,
    {
      config: { ...noXsrf, audit: 'gallery.series.update' },
      schema: {
        tags,
        summary: 'Change any part of a series',
        params: IdParams,
        body: SeriesPatchSchema,
        response: { 200: EnvelopeSchema(AdminSeriesSchema), ...Errors },
      },
    },
    async (request) => {
      request.auditBefore = await a.get(request.params.id);
      return ok(await a.update(request.params.id, request.body));
    },
  );
  app.delete(
    `${BASE}/series/:id`,
    {
      config: { ...noXsrf, audit: 'gallery.series.delete' },
      schema: {
        tags,
        summary: 'Delete a series with its pictures, likes and comments',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      request.auditBefore = await a.get(request.params.id);
      await a.remove(request.params.id);
      return ok(true);
    },
  );
  app.delete(
    `${BASE}/series/:id/issues/:issue`,
    {
      config: { ...noXsrf, audit: 'gallery.issue.delete' },
      schema: {
        tags,
        summary: "Remove an issue's pictures from a series",
        params: Type.Object({ id: Id, issue: Type.String({ pattern: ISSUE_PATTERN }) }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await a.removeIssue(request.params.id, request.params.issue);
      return ok(true);
    },
  );
  app.post(
    `${BASE}/series/:id/uploads`,
    {
      config: { ...noXsrf, audit: 'gallery.upload.preview' },
      schema: {
        tags,
        summary:
          'Preview a bulk upload (multipart: pictures named by issue, or one zip); saves nothing',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: {
          200: EnvelopeSchema(UploadPreviewSchema),
          413: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
          ...Errors,
        },
      },
    },
    async (request) => {
      const files = await filesOf(request);
      return ok(await app.galleryUploads.preview(request.params.id, operatorKey(request), files));
    },
  );
  app.post(
    `${BASE}/series/:id/uploads/:token`,
    {
      config: { ...noXsrf, audit: 'gallery.upload.save' },
      schema: {
        tags,
        summary: 'Save what a preview showed: each picture re-encoded in three sizes',
        params: Type.Object({ id: Id, token: Type.String({ pattern: '^[0-9a-f]{32}$' }) }),
        response: { 200: EnvelopeSchema(UploadResultSchema), ...Errors },
      },
    },
    async (request) =>
      ok(
        await app.galleryUploads.save(
          request.params.id,
          operatorKey(request),
          request.params.token,
        ),
      ),
  );
  app.get(
    `${BASE}/comments`,
    {
      schema: {
        tags,
        summary: 'Comments, hidden ones too, newest first; of one series or all',
        querystring: Type.Object({ seriesId: Type.Optional(Id), before: Type.Optional(Id) }),
        response: { 200: EnvelopeSchema(AdminGalleryCommentPageSchema), ...Errors },
      },
    },
    async (request) =>
      ok(await a.comments(request.query.seriesId ?? null, request.query.before ?? null)),
  );
  app.put(
    `${BASE}/comments/:id`,
    {
      config: { ...noXsrf, audit: 'gallery.comment.hide' },
      schema: {
        tags,
        summary: 'Hide or show a comment',
        params: IdParams,
        body: GalleryCommentHideSchema,
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => ok(await a.hideComment(request.params.id, request.body.hidden)),
  );
};

export default galleryAdmin;
