import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DrawSnapshotSchema,
  DrawSourceSettingsSchema,
  EnvelopeSchema,
  PrizeInputSchema,
  PrizeRecordSchema,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import { writerOfRequest } from '../../services/draws/results.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  BallText,
  GameId,
  GameParams,
  GuardedErrors,
  Issue,
  IssueParams,
  SevenBalls,
} from '../../schemas/common.ts';
import { importRoute } from './import.ts';
import { calendarRoutes, drawTimeRoutes } from './schedule.ts';
import sourcesAdmin from './sources.ts';

const BASE = '/app-api/admin';
const Errors = GuardedErrors;

/**
 * Operator calls of the `draw` role: ADMIN_TOKEN (`Authorization: Bearer …`, which cannot be
 * forged cross-site, hence `xsrf: false`) or a console session (the guard checks the anti-forgery
 * token then). Entering a ball and changing a source need a recent password or code in the console.
 */
const drawsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.consoleGuard('draws'));
  await app.register(sourcesAdmin);

  app.post(
    `${BASE}/draws/:gameId/balls`,
    {
      config: { xsrf: false, audit: 'draws.ball' },
      schema: {
        tags: ['admin'],
        summary: 'Enter the next ball of a manual game',
        description:
          'Bearer ADMIN_TOKEN. Goes to `issue` if given, else the open draw, else the draw due ' +
          'now. Six regular numbers, then the special; the seventh finishes the draw.',
        params: GameParams,
        body: Type.Object(
          {
            issue: Type.Optional(Issue),
            number: Type.Union([BallText, Type.Integer({ minimum: 1, maximum: 49 })]),
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(DrawSnapshotSchema), ...Errors },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const snapshot = await app.drawsAdmin.enterBall(request.params.gameId, request.body);
      return ok(snapshot);
    },
  );

  app.put(
    `${BASE}/draws/:gameId/:issue/prizes`,
    {
      config: { xsrf: false, audit: 'draws.prizes' },
      schema: {
        tags: ['admin'],
        summary: "Enters a finished Hong Kong draw's prize record",
        description:
          'Bearer ADMIN_TOKEN. Game 111 only: the seven divisions (units won, HKD per unit; ' +
          'null when nobody won), the turnover, the jackpot carried to the next draw and the ' +
          "snowball draw's name. Replaces what the draw had (the simulator's, an upstream's).",
        params: IssueParams,
        body: PrizeInputSchema,
        response: { 200: EnvelopeSchema(PrizeRecordSchema), ...Errors },
      },
    },
    async (request) => {
      const { gameId, issue } = request.params;
      const record = await app.drawsAdmin.enterPrizes(gameId, issue, request.body);
      request.log.info({ gameId, issue }, 'prize record entered');
      return ok(record);
    },
  );

  calendarRoutes(app);

  app.get(
    `${BASE}/games/:gameId/source`,
    {
      schema: {
        tags: ['admin'],
        summary: "A game's draw source",
        params: GameParams,
        response: { 200: EnvelopeSchema(DrawSourceSettingsSchema), ...Errors },
      },
    },
    async (request) => {
      const settings = await app.drawsAdmin.sourceSettings(request.params.gameId);
      if (!settings) throw notFound('游戏不存在');
      return ok(settings);
    },
  );

  app.put(
    `${BASE}/games/:gameId/source`,
    {
      config: { xsrf: false, audit: 'draws.source' },
      schema: {
        tags: ['admin'],
        summary: "Sets a game's single draw source (see PUT …/sources for a list with backups)",
        params: GameParams,
        body: Type.Object(
          {
            source: Type.Union([
              Type.Literal('simulator'),
              Type.Literal('manual'),
              Type.Literal('kaijiang'),
              Type.Literal('upstream'),
              Type.Literal('hkjc'),
            ]),
            upstreamUrl: Type.Optional(
              Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 1000 }),
            ),
            upstreamGameId: Type.Optional(GameId),
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(DrawSourceSettingsSchema), ...Errors },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const { gameId } = request.params;
      const { source, upstreamUrl, upstreamGameId } = request.body;
      if ((source === 'upstream' || source === 'kaijiang') && !upstreamUrl) {
        throw new AppError(400, 'REQ/INVALID', '上游来源需要 upstreamUrl', {
          upstreamUrl: '不能为空',
        });
      }
      const entry = {
        kind: source,
        url: upstreamUrl ?? null,
        remote: upstreamGameId ? String(upstreamGameId) : null,
      };
      const { before, settings } = await app.drawsAdmin.applySources(gameId, { sources: [entry] });
      request.auditBefore = before;
      app.drawEngine?.poke(gameId);
      request.log.info(settings, 'draw source changed');
      return ok(settings);
    },
  );

  app.put(
    `${BASE}/draws/:gameId/:issue`,
    {
      config: { xsrf: false, audit: 'draws.correct' },
      schema: {
        tags: ['admin'],
        summary: 'Correct a finished draw (all seven numbers, with the reason)',
        description:
          'Every visitor gets the corrected result at once; the reason and the numbers before ' +
          'and after are kept in the audit log (`draws.result.correct`). Needs a recent ' +
          'password or code in the console.',
        params: IssueParams,
        body: Type.Object(
          {
            numbers: SevenBalls,
            reason: Type.String({ minLength: 2, maxLength: 200, pattern: '\\S' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(DrawSnapshotSchema), ...Errors },
      },
    },
    async (request) => {
      // results.ts asks a console session for its recent password or code.
      const { before, after } = await app.drawsAdmin.correctDraw(
        request.params.gameId,
        request.params.issue,
        { ...request.body, writer: writerOfRequest(request) },
      );
      request.auditBefore = { issue: before.issue, numbers: before.numbers };
      request.log.warn(
        { gameId: request.params.gameId, issue: before.issue, reason: request.body.reason },
        'draw corrected',
      );
      return ok(after);
    },
  );

  importRoute(app);

  app.put(
    `${BASE}/games/:gameId/stream`,
    {
      config: { xsrf: false, audit: 'draws.stream' },
      schema: {
        tags: ['admin'],
        summary: "A game's live stream (HLS .m3u8 URL), or '' for none (the draw stage then)",
        params: GameParams,
        body: Type.Object(
          {
            streamUrl: Type.Union([
              Type.Literal(''),
              Type.String({ pattern: '^https?://[^\\s"\'<>]+$', maxLength: 1000 }),
            ]),
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(Type.Object({ streamUrl: Type.String() })), ...Errors },
      },
    },
    async (request) => {
      const { streamUrl } = request.body;
      const { before } = await app.drawsAdmin.setStreamUrl(request.params.gameId, streamUrl);
      request.auditBefore = before;
      return ok({ streamUrl });
    },
  );

  drawTimeRoutes(app);
};

export default drawsAdmin;
