// Operator calls for content (Bearer ADMIN_TOKEN), used by cli/content.ts: one file per resource,
// all behind the same guard in this one encapsulated context.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminGuard } from '../../lib/admin-auth.ts';
import company from './company.ts';
import faqs from './faqs.ts';
import galleries from './galleries.ts';
import news from './news.ts';
import notices from './notices.ts';
import questions from './questions.ts';
import teamConditions from './team-conditions.ts';
import uploads from './uploads.ts';

const contentAdmin: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', adminGuard(app.config.adminToken));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(uploads);
  await app.register(news);
  await app.register(galleries);
  await app.register(faqs);
  await app.register(teamConditions);
  await app.register(company);
  await app.register(notices);
  await app.register(questions);
};

export default contentAdmin;
