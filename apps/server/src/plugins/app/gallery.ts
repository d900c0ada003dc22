// The picture library's services (docs/architecture.md §14): visitors', operators' and the
// bulk upload with its re-encoding thread.
import fp from 'fastify-plugin';
import { createGalleryAdmin, type GalleryAdmin } from '../../services/gallery/admin.ts';
import { createEncoder } from '../../services/gallery/encoder.ts';
import { createGalleryService, type GalleryService } from '../../services/gallery/service.ts';
import { createGalleryUploads, type GalleryUploads } from '../../services/gallery/uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    gallery: GalleryService;
    galleryAdmin: GalleryAdmin;
    galleryUploads: GalleryUploads;
  }
}

export default fp(
  async (app) => {
    const encoder = createEncoder();
    app.decorate('gallery', createGalleryService(app.repos));
    app.decorate('galleryAdmin', createGalleryAdmin(app.repos));
    app.decorate(
      'galleryUploads',
      createGalleryUploads({ repos: app.repos, encoder, uploadsDir: app.uploadsDir }),
    );
    app.addHook('onClose', () => encoder.close());
    // Migration 0018 cannot build a cover's JSON in SQL both databases speak: the series it made
    // get their counters and cover here, once (a series with a cover is not looked at again).
    for (const id of await app.repos.gallerySeries.withoutCover()) {
      await app.repos.gallerySeries.refresh(id);
    }
  },
  { name: 'gallery', dependencies: ['repositories', 'content'] },
);
