// The audit trail, read-only: there is no call that edits or removes an entry.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { AuditQuerySchema, AuditRecordSchema, BASE, Errors, tags } from './schemas.ts';

const audit: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.consoleGuard('audit'));
  app.get(
    `${BASE}/audit`,
    {
      schema: {
        tags,
        summary:
          'Audit entries, newest first; filter by operator and action prefix, page by `before`',
        querystring: AuditQuerySchema,
        response: { 200: EnvelopeSchema(Type.Array(AuditRecordSchema)), ...Errors },
      },
    },
    async (request) => ok(await app.consoleReads.audit(request.query)),
  );
};

export default audit;
