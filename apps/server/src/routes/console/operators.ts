// The owner's management of operator accounts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { IdParams } from '../../schemas/common.ts';
import {
  BASE,
  Errors,
  NewOperatorSchema,
  OperatorInfoSchema,
  OperatorPatchSchema,
  tags,
} from './schemas.ts';

const operators: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.consoleGuard('operators'));
  const ops = app.operators;

  app.get(
    `${BASE}/operators`,
    {
      schema: {
        tags,
        summary: 'Every operator account',
        response: { 200: EnvelopeSchema(Type.Array(OperatorInfoSchema)), ...Errors },
      },
    },
    async () => ok(await ops.list()),
  );

  app.post(
    `${BASE}/operators`,
    {
      config: { xsrf: false, audit: 'operators.add' },
      schema: {
        tags,
        summary: 'Add an operator (needs a recent password or code)',
        body: NewOperatorSchema,
        response: { 200: EnvelopeSchema(OperatorInfoSchema), ...Errors },
      },
    },
    async (request) => {
      app.requireReauth(request);
      return ok(await ops.create(request.body));
    },
  );

  app.patch(
    `${BASE}/operators/:id`,
    {
      config: { xsrf: false, audit: 'operators.change' },
      schema: {
        tags,
        summary:
          "Change an operator's role, disable or enable, set a password, reset the second factor",
        description: 'Ends every session of that operator.',
        params: IdParams,
        body: OperatorPatchSchema,
        response: { 200: EnvelopeSchema(OperatorInfoSchema), ...Errors },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const { before, after } = await ops.update(request.params.id, request.body, {
        id: request.operator!.id,
      });
      request.auditBefore = before;
      return ok(after);
    },
  );
};

export default operators;
