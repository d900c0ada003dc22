// Operator calls for content (the console's editors, or Bearer ADMIN_TOKEN as cli/content.ts
// does): one file per resource, behind the guard of the role that may touch it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import company from './company.ts';
import faqs from './faqs.ts';
import news from './news.ts';
import notices from './notices.ts';
import questions from './questions.ts';
import settings from './settings.ts';
import teamConditions from './team-conditions.ts';
import uploads from './uploads.ts';

const contentAdmin: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(async (child) => {
    child.addHook('onRequest', child.consoleGuard('content'));
    await child.register(uploads);
    await child.register(news);
    await child.register(faqs);
    await child.register(teamConditions);
    await child.register(company);
    await child.register(notices);
    await child.register(settings);
  });
  // Visitors' questions are answered by moderators (the `members` area), not by editors.
  await app.register(async (child) => {
    child.addHook('onRequest', child.consoleGuard('members'));
    await child.register(questions);
  });
};

export default contentAdmin;
