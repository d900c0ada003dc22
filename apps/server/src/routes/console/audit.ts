// The audit trail, read-only: there is no call that edits or removes an entry.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, type AuditRecord } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import type { AuditEntry } from '../../repositories/audit-repository.ts';
import { AuditQuerySchema, AuditRecordSchema, BASE, Errors, tags } from './schemas.ts';

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

export const toAuditRecord = (e: AuditEntry): AuditRecord => ({
  id: e.id,
  at: e.at,
  actor: e.actor,
  address: e.address,
  action: e.action,
  target: e.target,
  before: parsed(e.before),
  after: parsed(e.after),
});

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
    async (request) => ok((await app.repos.audit.list(request.query)).map(toAuditRecord)),
  );
};

export default audit;
