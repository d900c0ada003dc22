import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorEnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok, fail } from '../../lib/envelope.ts';
import { createFailureLog } from '../../lib/failure-log.ts';
import { VERSION } from '../../version.ts';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  db: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  uptime: Type.Number({ description: 'seconds since start' }),
  version: Type.String(),
});

const health: FastifyPluginAsyncTypebox = async (app) => {
  // Load balancers probe every few seconds: an outage is one line per period, not one per probe.
  const unreachable = createFailureLog(app.log, 'health check: database unreachable');
  app.get(
    '/app-api/health',
    {
      // Each probe pings the database: plenty for any prober, not a lever on the database.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: {
          200: EnvelopeSchema(HealthSchema),
          429: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const info = {
        db: app.database.dialect,
        uptime: Math.round(process.uptime()),
        version: VERSION,
      };
      try {
        await app.database.ping();
        unreachable.ok();
      } catch (err) {
        unreachable.failed(err, { reqId: request.id });
        return reply
          .code(503)
          .send(fail('SYS/ERROR', '数据库暂时不可用', { status: 'degraded', ...info }));
      }
      return ok({ status: 'ok' as const, ...info });
    },
  );
};

export default health;
