// Sign-up, sign-in and the member's own account (docs/architecture.md §4), at the paths the spec's client calls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EnvelopeSchema,
  MEMBER_RULES,
  ProfileSchema,
  TokenAnswerSchema,
  UserInfoSchema,
} from '@kaijiang/domain';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { addressKey } from '../../lib/address-key.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { storeAvatar } from '../../services/members/avatar.ts';
import { errorReplies, MEMBER_ONLY } from '../../schemas/common.ts';

const R = MEMBER_RULES;
export const Username = Type.String({
  minLength: R.username.min,
  maxLength: R.username.max,
  pattern: R.username.pattern,
  description: '4–16 letters, digits or _; unique ignoring case',
});
export const NewPassword = Type.String({
  minLength: R.password.min,
  maxLength: R.password.max,
  description: '8–64 characters; common passwords are refused',
});
// Sign-in accepts whatever was once valid; the length cap stops hashing megabytes.
const AnyPassword = Type.String({ minLength: 1, maxLength: R.password.max });
const NoControl = '^[^\\u0000-\\u001f\\u007f]*$';
export const Nickname = Type.String({ maxLength: R.nickname.max, pattern: NoControl });
export const Phone = Type.String({ maxLength: R.phone.max, pattern: `^$|${R.phone.pattern}` });
export const Avatar = Type.String({
  maxLength: R.avatar.max,
  // Our uploads or an http(s) image; never javascript: or data: URLs.
  pattern: '^$|^(https?://|/sys-upload/|/cloud-upload/)[^\\s"\'<>\\\\]*$',
});

const Errors = errorReplies(400, 401, 403, 429);
const SECRET_QUERY = /^(password|oldPassword|newPassword)$/i;

/** A password in a URL ends up in logs and browser history: refuse it before anything else. */
async function refusePasswordInQuery(request: FastifyRequest): Promise<void> {
  const query = request.query;
  if (!query || typeof query !== 'object') return;
  const found = Object.keys(query).filter((k) => SECRET_QUERY.test(k));
  if (found.length > 0) {
    const msg = '密码不能放在网址中，请通过表单提交';
    throw new AppError(400, 'REQ/INVALID', msg, Object.fromEntries(found.map((k) => [k, msg])));
  }
}

const user: FastifyPluginAsyncTypebox = async (app) => {
  // Sign-in, registration, the profile: a member's own answers, refusals included, are never
  // kept by any cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const formBody = { bodyLimit: 16 * 1024 };

  app.post(
    '/app-api/v/user/login',
    {
      ...formBody,
      onRequest: refusePasswordInQuery,
      schema: {
        tags: ['members'],
        summary: 'Sign in',
        description:
          'Form (urlencoded or multipart). 5 failures in 15 minutes lock the account for a while ' +
          '(429 with Retry-After); each lock in a row is longer, never over an hour. One attempt ' +
          'at a time per account and per address: another meanwhile gets 429 with Retry-After: 1.',
        body: Type.Object({ username: Username, password: AnyPassword }),
        response: { 200: EnvelopeSchema(TokenAnswerSchema), ...Errors },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      return ok({ token: await app.members.login({ username, password }, addressKey(request.ip)) });
    },
  );

  app.post(
    '/app-api/v/user/reg',
    {
      ...formBody,
      onRequest: refusePasswordInQuery,
      schema: {
        tags: ['members'],
        summary: 'Register and sign in',
        body: Type.Object({
          username: Username,
          password: NewPassword,
          nickname: Type.Optional(Nickname),
          phone: Type.Optional(Phone),
        }),
        response: { 200: EnvelopeSchema(TokenAnswerSchema), ...Errors },
      },
    },
    async (request) => {
      return ok({ token: await app.members.register(request.body, addressKey(request.ip)) });
    },
  );

  app.get(
    '/app-api/v/user/logout',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Sign out: the token stops working',
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await app.members.logout(request.member!);
      // Its chat tokens go with it (docs/architecture.md §10), and its chat sockets read on signed out.
      await app.chat.revokeSession(request.member!);
      return ok(true);
    },
  );

  app.get(
    '/app-api/api/user/info',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'The signed-in member and their counts',
        querystring: Type.Object({ _t: Type.Optional(Type.String({ maxLength: 32 })) }),
        response: { 200: EnvelopeSchema(ProfileSchema), ...Errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await app.members.profile(request.member!));
    },
  );

  app.post(
    '/app-api/api/user/updatePassword',
    {
      ...formBody,
      onRequest: [refusePasswordInQuery, app.requireMember],
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Change the login password, or set / change the withdrawal password',
        description:
          'Form body, never the query string. type=login needs oldPassword and ends every other ' +
          'session; type=withdraw needs oldPassword only once one is set.',
        body: Type.Object({
          type: Type.Union([Type.Literal('login'), Type.Literal('withdraw')]),
          oldPassword: Type.Optional(AnyPassword),
          newPassword: NewPassword,
        }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await app.members.updatePassword(request.member!, request.body);
      // A new sign-in password ends the chat of every other session, as it ends the sessions.
      if (request.body.type === 'login')
        await app.chat.revokeMember(request.member!.memberId, request.member!.tokenHash);
      return ok(true);
    },
  );

  app.post(
    '/app-api/api/user/updateInfo',
    {
      ...formBody,
      onRequest: app.requireMember,
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Edit nickname, phone and avatar (an omitted field is left as is)',
        body: Type.Object({
          nickname: Type.Optional(Nickname),
          phone: Type.Optional(Phone),
          avatar: Type.Optional(Avatar),
        }),
        response: { 200: EnvelopeSchema(UserInfoSchema), ...Errors },
      },
    },
    async (request) => {
      return ok(await app.members.updateProfile(request.member!, request.body));
    },
  );

  app.post(
    '/app-api/api/user/avatar',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['members'],
        security: MEMBER_ONLY,
        summary: 'Upload a new avatar (multipart field "file"): PNG, JPEG, WebP or GIF, ≤ 2 MB',
        description:
          'The type is read from the bytes; camera metadata (EXIF, XMP, comments) is removed, ' +
          'as for chat pictures. Answers the stored profile with the new avatar path.',
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeSchema(UserInfoSchema), 413: Errors[400], ...Errors },
      },
    },
    async (request) => {
      const avatar = await storeAvatar(app, request, request.member!.memberId);
      return ok(await app.members.updateProfile(request.member!, { avatar }));
    },
  );
};

export default user;
