import path from 'node:path';
import fp from 'fastify-plugin';
import { createContentService } from '../../services/content/service.ts';
import type { ContentService } from '../../services/content/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** News, FAQ, partner table, visitor questions and the company record. */
    content: ContentService;
    /** Absolute DATA_DIR/uploads, where uploads and demo images live. */
    uploadsDir: string;
  }
}

export default fp(
  async (app) => {
    const content = createContentService(app.repos, { companyCode: app.config.companyCode });
    const uploadsDir = path.join(app.config.dataDir, 'uploads');
    app.decorate('content', content);
    app.decorate('uploadsDir', uploadsDir);
  },
  { name: 'content', dependencies: ['config', 'repositories'] },
);
