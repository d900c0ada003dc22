import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorEnvelopeSchema } from '@kaijiang/domain';
import { readUploadedFile } from '../../services/content/picture-upload.ts';
import { storeImage, UPLOAD_MAX_BYTES } from '../../services/content/upload-store.ts';
import { ok } from '../../lib/envelope.ts';
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
      // SVG too (checked for scripts by storeImage): content pictures are not members' photos.
      const buf = await readUploadedFile(request, UPLOAD_MAX_BYTES, 'file');
      const stored = await storeImage(app.uploadsDir, buf);
      request.log.info({ path: stored.path, size: stored.size }, 'image uploaded');
      return ok(stored);
    },
  );
};

export default uploads;
