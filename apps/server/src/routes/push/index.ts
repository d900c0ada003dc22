import { EnvelopeSchema, PUSH_LANGS } from '@kaijiang/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { GameId, errorReplies } from '../../schemas/common.ts';

const BASE = '/app-api/api/v2/push';
// Base64url of a P-256 point (65 bytes) and of the 16-byte auth secret, as browsers give them.
const Key = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+=*$' });
const Endpoint = Type.String({
  minLength: 8,
  maxLength: 1024,
  description: "the browser's push service URL (PushSubscription.endpoint)",
});
const Games = Type.Array(GameId, { maxItems: 50, uniqueItems: true });

/** Per address: a device changes its games a few times a day, a script far more. */
const SAVE_LIMIT = { max: 30, timeWindow: '10 minutes' };
const LOOKUP_LIMIT = { max: 120, timeWindow: '10 minutes' };

/** Draw-end notifications (issue 16): a device subscribes per game; no account needed. */
const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/key`,
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, for PushManager.subscribe",
        // 400: a malformed URL (bad percent-encoding), as on every call.
        response: {
          200: EnvelopeSchema(Type.Object({ publicKey: Type.String() })),
          ...errorReplies(400),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok({ publicKey: app.push.publicKey });
    },
  );

  app.put(
    `${BASE}/subscription`,
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: SAVE_LIMIT },
      schema: {
        tags: ['push'],
        summary: 'Which games a device is told about when their draw ends ([] forgets the device)',
        description: 'Needs the X-XSRF-TOKEN header. Limited per address.',
        body: Type.Object({
          endpoint: Endpoint,
          keys: Type.Object({ p256dh: Key(100), auth: Key(40) }),
          games: Games,
          lang: Type.Union(
            PUSH_LANGS.map((l) => Type.Literal(l)),
            { default: 'zh-Hans' },
          ),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ games: Type.Array(Type.Integer()) })),
          ...errorReplies(400, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { endpoint, keys, games, lang } = request.body;
      return ok({
        games: await app.push.save({ endpoint, p256dh: keys.p256dh, auth: keys.auth, games, lang }),
      });
    },
  );

  // POST, not GET: the endpoint is the device's secret and has no place in a URL (logs).
  app.post(
    `${BASE}/subscription/games`,
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: LOOKUP_LIMIT },
      schema: {
        tags: ['push'],
        summary: 'The games a device follows ([] when the server does not know it)',
        description: 'Needs the X-XSRF-TOKEN header. Limited per address.',
        body: Type.Object({ endpoint: Endpoint }),
        response: {
          200: EnvelopeSchema(Type.Object({ games: Type.Array(Type.Integer()) })),
          ...errorReplies(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ games: await app.push.gamesOf(request.body.endpoint) });
    },
  );
};

export default pushRoutes;
