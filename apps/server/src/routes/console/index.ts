// The console's own calls (issue 15) under /app-api/admin/console: session, operators, audit,
// members, dashboard. Nothing here is cached by anyone.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import audit from './audit.ts';
import dashboard from './dashboard.ts';
import members from './members.ts';
import operators from './operators.ts';
import session from './session.ts';

const consoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(session);
  await app.register(operators);
  await app.register(audit);
  await app.register(members);
  await app.register(dashboard);
};

export default consoleRoutes;
