// Operator calls for content (Bearer ADMIN_TOKEN), used by cli/content.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorEnvelopeSchema, NewsCategorySchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { storeImage, UPLOAD_MAX_BYTES } from '../../content/upload-store.ts';
import { adminGuard } from '../../lib/admin-auth.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import {
  AdminFaqSchema,
  AdminGalleryPageSchema,
  AdminGallerySchema,
  AdminNewsPageSchema,
  AdminNewsSchema,
  AnswerSchema,
  CompanyPatchSchema,
  CompanySchema,
  FaqInputSchema,
  FaqPatchSchema,
  GalleryInputSchema,
  GalleryPatchSchema,
  GameId,
  Id,
  NewsInputSchema,
  NewsPatchSchema,
  NoticeInputSchema,
  NoticePatchSchema,
  NoticeSchema,
  Paging,
  QuestionPageSchema,
  QuestionSchema,
  QuestionStatusSchema,
  TeamRowsSchema,
  UploadSchema,
} from './schemas.ts';
import { TeamConditionSchema } from '@kaijiang/domain';

const BASE = '/app-api/admin';
const Errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
};
const IdParams = Type.Object({ id: Id });
const Done = { 200: EnvelopeSchema(Type.Boolean()), ...Errors };
const noXsrf = { xsrf: false } as const;

const contentAdmin: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', adminGuard(app.config.adminToken));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const c = app.content;
  const tags = ['admin'];

  // Uploads ---------------------------------------------------------------------------------
  app.post(
    `${BASE}/uploads`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary:
          'Upload an image (multipart field "file"): PNG, JPEG, WebP, GIF or inert SVG, ≤ 5 MB',
        description:
          'The type is read from the bytes, not the name. Answers the path to use in content; ' +
          'files get generated names and are served under /sys-upload with long caching.',
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeSchema(UploadSchema), 413: ErrorEnvelopeSchema, ...Errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(400, 'REQ/INVALID', '请以 multipart/form-data 上传图片', {
          file: '不能为空',
        });
      }
      const tooLarge = () =>
        new AppError(413, 'REQ/INVALID', '图片不能超过 5 MB', { file: '图片不能超过 5 MB' });
      let buf: Buffer | null = null;
      try {
        const part = await request.file({
          limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 },
        });
        if (part) buf = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        request.log.info({ err }, 'malformed upload');
        throw new AppError(400, 'REQ/INVALID', '上传格式有误', { file: '上传格式有误' });
      }
      if (!buf) throw new AppError(400, 'REQ/INVALID', '没有收到文件', { file: '不能为空' });
      const stored = await storeImage(app.uploadsDir, buf);
      request.log.info({ path: stored.path, size: stored.size }, 'image uploaded');
      return ok(stored);
    },
  );

  // News ------------------------------------------------------------------------------------
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

  // Galleries -------------------------------------------------------------------------------
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
  app.post(
    `${BASE}/galleries`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Add the picture of one issue (upload the image first); thumb defaults to image',
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
        summary: 'Edit a gallery picture',
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

  // FAQ -------------------------------------------------------------------------------------
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

  // Team conditions -------------------------------------------------------------------------
  app.get(
    `${BASE}/team-conditions`,
    {
      schema: {
        tags,
        summary: 'The partner programme table',
        response: { 200: EnvelopeSchema(Type.Array(TeamConditionSchema)), ...Errors },
      },
    },
    async () => ok(await c.teamConditions()),
  );
  app.put(
    `${BASE}/team-conditions`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Replace the whole partner table (rows in display order)',
        body: TeamRowsSchema,
        response: { 200: EnvelopeSchema(Type.Array(TeamConditionSchema)), ...Errors },
      },
    },
    async (request) => ok(await c.replaceTeamConditions(request.body.rows)),
  );

  // Company record --------------------------------------------------------------------------
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

  // Notices ---------------------------------------------------------------------------------
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

  // Visitor questions -----------------------------------------------------------------------
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

export default contentAdmin;
