import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DrawSnapshotSchema,
  EnvelopeSchema,
  FeedOverviewSchema,
  FeedTestResultSchema,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import { writerOfRequest } from '../../services/draws/results.ts';
import { SOURCES_MAX } from '../../services/draws/feed-settings.ts';
import { ok } from '../../lib/envelope.ts';
import { GameParams, GuardedErrors, IssueParams, SevenBalls } from '../../schemas/common.ts';

const Kind = Type.Union(
  ['simulator', 'manual', 'kaijiang', 'upstream', 'hkjc', 'macaujc'].map((k) => Type.Literal(k)),
  { description: '`upstream` is the older name of `kaijiang`' },
);
const Entry = Type.Object(
  {
    kind: Kind,
    url: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 1000 })])),
    remote: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 32 })])),
  },
  { additionalProperties: false },
);

/** A game's ordered feeds: read with their state, set, tried, and a dispute between them settled. */
const sourcesAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const BASE = '/app-api/admin';

  app.get(
    `${BASE}/games/:gameId/sources`,
    {
      schema: {
        tags: ['admin'],
        summary:
          "A game's sources in order, each one's last answer, error and lag, open disputes and alerts",
        params: GameParams,
        response: { 200: EnvelopeSchema(FeedOverviewSchema), ...GuardedErrors },
      },
    },
    async (request) => ok(await app.drawsAdmin.feedOverview(request.params.gameId)),
  );

  app.put(
    `${BASE}/games/:gameId/sources`,
    {
      config: { xsrf: false, audit: 'draws.sources' },
      schema: {
        tags: ['admin'],
        summary: "Sets a game's sources: the primary first, then backups (kaijiang, hkjc, macaujc)",
        description:
          'graceS: seconds a backup waits for the primary (default 60); lateS: seconds after the ' +
          'draw time before a draw without a result shows as delayed (default 120). Switching ' +
          "from the simulator to a feed removes the game's simulated draws. Needs a recent " +
          'password or code in the console.',
        params: GameParams,
        body: Type.Object(
          {
            sources: Type.Array(Entry, { minItems: 1, maxItems: SOURCES_MAX }),
            graceS: Type.Optional(Type.Integer({ minimum: 0, maximum: 3_600 })),
            lateS: Type.Optional(Type.Integer({ minimum: 10, maximum: 86_400 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: EnvelopeSchema(
            Type.Object({
              settings: FeedOverviewSchema.properties.settings,
              removed: Type.Integer(),
            }),
          ),
          ...GuardedErrors,
        },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const { gameId } = request.params;
      const { before, settings, removed } = await app.drawsAdmin.applySources(gameId, request.body);
      request.auditBefore = before;
      app.drawEngine?.poke(gameId);
      request.log.info({ gameId, sources: settings.sources, removed }, 'draw sources changed');
      return ok({ settings, removed });
    },
  );

  app.post(
    `${BASE}/games/:gameId/sources/test`,
    {
      config: { xsrf: false },
      schema: {
        tags: ['admin'],
        summary: 'Asks one feed for its latest answer now (nothing is stored)',
        params: GameParams,
        body: Entry,
        response: { 200: EnvelopeSchema(FeedTestResultSchema), ...GuardedErrors },
      },
    },
    async (request) => ok(await app.drawsAdmin.testFeed(request.params.gameId, request.body)),
  );

  app.post(
    `${BASE}/draws/:gameId/:issue/settle`,
    {
      config: { xsrf: false, audit: 'draws.settle' },
      schema: {
        tags: ['admin'],
        summary: 'Settles a dispute between feeds: the seven numbers to publish',
        description:
          'Needs a recent password or code in the console; the draw as it was goes to the audit log.',
        params: IssueParams,
        body: Type.Object(
          {
            numbers: SevenBalls,
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(DrawSnapshotSchema), ...GuardedErrors },
      },
    },
    async (request) => {
      const { gameId, issue } = request.params;
      const { before, after } = await app.drawsAdmin.settleDispute(
        gameId,
        issue,
        request.body.numbers,
        writerOfRequest(request),
      );
      request.auditBefore = { issue: before.issue, status: before.status, numbers: before.numbers };
      request.log.warn({ gameId, issue, numbers: after.numbers }, 'feed dispute settled');
      return ok(after);
    },
  );
};

export default sourcesAdmin;
