// Signing in and out of the console, the second factor's enrolment, and re-authentication.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { cookiesOf } from '../../lib/request-cookies.ts';
import { CONSOLE_COOKIE, CONSOLE_COOKIE_PATH } from '../../plugins/app/operators.ts';
import {
  BASE,
  CodeBodySchema,
  ConsoleSessionSchema,
  EnrolClaimSchema,
  EnrolmentSchema,
  Errors,
  ReauthSchema,
  SignInSchema,
  tags,
} from './schemas.ts';

const session: FastifyPluginAsyncTypebox = async (app) => {
  const ops = app.operators;

  async function started(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.setCookie(CONSOLE_COOKIE, token, {
      path: CONSOLE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
    });
    return ops.sessionOf(await ops.authenticate(token));
  }

  app.post(
    `${BASE}/session`,
    {
      schema: {
        tags,
        summary: 'Sign in: password and the authenticator code (or a recovery code) together',
        // Open to anyone: signing in, and asking who is signed in (nobody is an answer).
        security: [],
        description:
          'Sets an HttpOnly SameSite=Strict session cookie. Without `code` the answer is ' +
          'ADMIN/CODE_REQUIRED whatever the name and password; a wrong name, password or code ' +
          'are one answer. An operator without a second factor signs in through its ' +
          'enrolment link (POST …/enrol) only.',
        body: SignInSchema,
        response: { 200: EnvelopeSchema(ConsoleSessionSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const { token } = await ops.signIn(request.body, request.ip);
      return ok(await started(request, reply, token));
    },
  );

  app.post(
    `${BASE}/enrol`,
    {
      schema: {
        tags,
        summary: "A new operator's first visit: the owner's one-time link and the password",
        security: [],
        description:
          'Starts an `enrol` session (the second factor is set up next). The link works once ' +
          'and for 24 hours; a wrong password, a used, replaced or expired link get one answer.',
        body: EnrolClaimSchema,
        response: { 200: EnvelopeSchema(ConsoleSessionSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const token = await ops.claimEnrolment(request.body, request.ip);
      return ok(await started(request, reply, token));
    },
  );

  // Signed out is an answer here, not an error: the console's first call on every visit.
  app.get(
    `${BASE}/session`,
    {
      schema: {
        tags,
        summary: 'The signed-in operator and the session, or null when signed out',
        // Open to anyone: signing in, and asking who is signed in (nobody is an answer).
        security: [],
        response: {
          200: EnvelopeSchema(Type.Union([ConsoleSessionSchema, Type.Null()])),
          ...Errors,
        },
      },
    },
    async (request) => {
      const token = cookiesOf(request)[CONSOLE_COOKIE];
      if (!token) return ok(null);
      try {
        return ok(ops.sessionOf(await ops.authenticate(token)));
      } catch {
        return ok(null);
      }
    },
  );

  const signedInCalls: FastifyPluginAsyncTypebox = async (signedIn) => {
    signedIn.addHook('onRequest', app.consoleSession({ enrolling: true }));

    signedIn.delete(
      `${BASE}/session`,
      {
        config: { audit: 'console.sign-out' },
        schema: {
          tags,
          summary: 'Sign out',
          response: { 200: EnvelopeSchema(Type.Null()), ...Errors },
        },
      },
      async (request, reply) => {
        await ops.signOut(request.consoleAuth!);
        reply.clearCookie(CONSOLE_COOKIE, { path: CONSOLE_COOKIE_PATH });
        return ok(null);
      },
    );

    signedIn.post(
      `${BASE}/totp`,
      {
        config: { audit: 'console.totp.begin' },
        schema: {
          tags,
          summary: 'A new authenticator secret to scan (QR code and text)',
          response: { 200: EnvelopeSchema(EnrolmentSchema), ...Errors },
        },
      },
      async (request) => ok(await ops.beginEnrolment(request.consoleAuth!)),
    );

    signedIn.post(
      `${BASE}/totp/confirm`,
      {
        config: { audit: 'console.totp.confirm' },
        schema: {
          tags,
          summary: "The new secret's first code: turns it on, answers the recovery codes (once)",
          body: CodeBodySchema,
          response: {
            200: EnvelopeSchema(Type.Object({ recoveryCodes: Type.Array(Type.String()) })),
            ...Errors,
          },
        },
      },
      async (request) =>
        ok({ recoveryCodes: await ops.confirmEnrolment(request.consoleAuth!, request.body.code) }),
    );
  };
  await app.register(signedInCalls);

  const fullCalls: FastifyPluginAsyncTypebox = async (full) => {
    full.addHook('onRequest', app.consoleSession({ enrolling: false }));
    full.post(
      `${BASE}/reauth`,
      {
        config: { audit: 'console.reauth' },
        schema: {
          tags,
          summary: 'The password or a code again, before a dangerous action',
          body: ReauthSchema,
          response: { 200: EnvelopeSchema(ConsoleSessionSchema), ...Errors },
        },
      },
      async (request) => {
        await ops.reauthenticate(request.consoleAuth!, request.body, request.ip);
        const token = cookiesOf(request)[CONSOLE_COOKIE]!;
        return ok(ops.sessionOf(await ops.authenticate(token)));
      },
    );
  };
  await app.register(fullCalls);
};

export default session;
