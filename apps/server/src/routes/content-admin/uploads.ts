import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorEnvelopeSchema } from '@kaijiang/domain';
import { storeImage, UPLOAD_MAX_BYTES } from '../../content/upload-store.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { BASE, Errors, noXsrf, tags } from './common.ts';
import { UploadSchema } from './schemas.ts';

const uploads: FastifyPluginAsyncTypebox = async (app) => {
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
};

export default uploads;
