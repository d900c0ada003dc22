// The owner's management of operator accounts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { IdParams } from '../../schemas/common.ts';
import {
  BASE,
  EnrolLinkSchema,
  Errors,
  NewOperatorInfoSchema,
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
        description:
          'Answers the one-time link (`enrol.token`, for /admin/enrol#token) through which the ' +
          'operator sets up the second factor: shown this once, usable once, for 24 hours.',
        body: NewOperatorSchema,
        response: { 200: EnvelopeSchema(NewOperatorInfoSchema), ...Errors },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const { operator, enrol } = await ops.create(request.body);
      return ok({ ...operator, enrol });
    },
  );

  app.post(
    `${BASE}/operators/:id/enrol-link`,
    {
      config: { xsrf: false, audit: 'operators.enrol-link' },
      schema: {
        tags,
        summary: 'A new one-time enrolment link for an operator without a second factor',
        description: 'The earlier link stops working. Needs a recent password or code.',
        params: IdParams,
        response: { 200: EnvelopeSchema(EnrolLinkSchema), ...Errors },
      },
    },
    async (request) => {
      app.requireReauth(request);
      return ok(await ops.issueEnrolLink(request.params.id));
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
