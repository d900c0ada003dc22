import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_UPLOAD_DIR } from '../../services/content/upload-store.ts';
import { GALLERY_UPLOAD_DIR } from '../../services/gallery/uploads.ts';

// Uploaded files may be SVG or HTML-ish; served as inert documents they can never run script.
const UPLOAD_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const uploads: FastifyPluginAsync = async (app) => {
  const root = path.join(app.config.dataDir, 'uploads');
  fs.mkdirSync(root, { recursive: true });
  const contentRoot = path.join(root, CONTENT_UPLOAD_DIR) + path.sep;
  // The picture library's files are named by their content's hash (services/gallery/uploads.ts).
  const galleryRoot = path.join(root, GALLERY_UPLOAD_DIR) + path.sep;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.header('access-control-allow-origin', '*');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', UPLOAD_CSP);
    return payload;
  });

  // @fastify/send refuses paths that leave `root` and dotfiles; misses fall to the 404 handler.
  await app.register(fastifyStatic, {
    root,
    prefix: '/sys-upload/',
    decorateReply: false,
    index: false,
    redirect: false,
    dotfiles: 'deny',
    cacheControl: false,
    // Uploaded content has generated names that are never reused: cache it for good. Other
    // files (demo images, icons) keep their names when an operator replaces them.
    setHeaders: (reply, filePath) =>
      void reply.header(
        'cache-control',
        filePath.startsWith(contentRoot) || filePath.startsWith(galleryRoot)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=86400',
      ),
  });
};

export default uploads;
