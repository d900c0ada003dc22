import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, TeamConditionSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { BASE, Errors, noXsrf, tags } from './common.ts';
import { TeamRowsSchema } from './schemas.ts';

const teamConditions: FastifyPluginAsyncTypebox = async (app) => {
  const c = app.content;
  app.get(
    `${BASE}/team-conditions`,
    {
      schema: {
        tags,
        summary: 'The partner programme table',
        response: { 200: EnvelopeSchema(Type.Array(TeamConditionSchema)), ...Errors },
      },
    },
    async () => ok(await c.teamConditions()),
  );
  app.put(
    `${BASE}/team-conditions`,
    {
      config: noXsrf,
      schema: {
        tags,
        summary: 'Replace the whole partner table (rows in display order)',
        body: TeamRowsSchema,
        response: { 200: EnvelopeSchema(Type.Array(TeamConditionSchema)), ...Errors },
      },
    },
    async (request) => ok(await c.replaceTeamConditions(request.body.rows)),
  );
};

export default teamConditions;
