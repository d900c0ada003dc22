import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  describeSchedule,
  DrawSnapshotSchema,
  DrawSourceSettingsSchema,
  EnvelopeSchema,
  PrizeInputSchema,
  PrizeRecordSchema,
  CalendarChangeInputSchema,
  CalendarChangeSchema,
  EarlierDaysSchema,
  LocalDateSchema,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import {
  calendarChanges,
  changeDrawDays,
  putCalendarChange,
  removeCalendarChange,
} from '../../draws/calendar.ts';
import { correctDraw, enterBall } from '../../draws/manual.ts';
import { writerOfRequest } from '../../draws/results.ts';
import { applySources } from '../../draws/feed-settings.ts';
import { enterPrizes } from '../../draws/prize-record.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { GameId, GameParams, GuardedErrors } from '../../schemas/common.ts';
import { importRoute } from './import.ts';
import sourcesAdmin from './sources.ts';

const BASE = '/app-api/admin';
const Errors = GuardedErrors;

/**
 * Operator calls of the `draw` role: ADMIN_TOKEN (`Authorization: Bearer …`, which cannot be
 * forged cross-site, hence `xsrf: false`) or a console session (the guard checks the anti-forgery
 * token then). Entering a ball and changing a source need a recent password or code in the console.
 */
const drawsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ repos: app.repos, service: app.draws });

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
            issue: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z-]{1,32}$' })),
            number: Type.Union([
              Type.String({ pattern: '^\\s*\\d{1,2}\\s*$' }),
              Type.Integer({ minimum: 1, maximum: 49 }),
            ]),
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(DrawSnapshotSchema), ...Errors },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const snapshot = await enterBall(
        { repos: app.repos, service: app.draws },
        request.params.gameId,
        request.body,
      );
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
        params: Type.Object({
          gameId: GameId,
          issue: Type.String({ pattern: '^[0-9A-Za-z-]{1,32}$' }),
        }),
        body: PrizeInputSchema,
        response: { 200: EnvelopeSchema(PrizeRecordSchema), ...Errors },
      },
    },
    async (request) => {
      const { gameId, issue } = request.params;
      const record = await enterPrizes(
        { repos: app.repos, service: app.draws },
        gameId,
        issue,
        request.body,
        new Date(app.draws.clock()).toISOString(),
      );
      request.log.info({ gameId, issue }, 'prize record entered');
      return ok(record);
    },
  );

  const CalendarParams = Type.Object({ gameId: GameId, date: LocalDateSchema });

  app.get(
    `${BASE}/games/:gameId/calendar`,
    {
      schema: {
        tags: ['admin'],
        summary: "A game's calendar exceptions",
        params: GameParams,
        response: { 200: EnvelopeSchema(Type.Array(CalendarChangeSchema)), ...Errors },
      },
    },
    async (request) => ok(await calendarChanges(deps(), request.params.gameId)),
  );

  app.put(
    `${BASE}/games/:gameId/calendar/:date`,
    {
      config: { xsrf: false, audit: 'draws.calendar.set' },
      schema: {
        tags: ['admin'],
        summary: "Sets the exception of a game's day: a draw moved, the day skipped, a draw added",
        description:
          'Bearer ADMIN_TOKEN. Only days still to come (after now and after the newest draw ' +
          'stored); a moved or skipped day must be a draw day; a draw moves at most 7 days and ' +
          'stays in its year; no day ends up with two draws. The engine follows the calendar; ' +
          'issues number the draws of the year in order, so a moved draw keeps its issue.',
        params: CalendarParams,
        body: CalendarChangeInputSchema,
        response: { 200: EnvelopeSchema(CalendarChangeSchema), ...Errors },
      },
    },
    async (request) => {
      const { gameId, date } = request.params;
      const change = await putCalendarChange(deps(), gameId, date, request.body);
      request.log.info({ gameId, date, kind: change.kind }, 'calendar exception set');
      return ok(change);
    },
  );

  app.delete(
    `${BASE}/games/:gameId/calendar/:date`,
    {
      config: { xsrf: false, audit: 'draws.calendar.remove' },
      schema: {
        tags: ['admin'],
        summary: "Removes the exception of a game's day (back to the regular schedule)",
        params: CalendarParams,
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      const { gameId, date } = request.params;
      await removeCalendarChange(deps(), gameId, date);
      request.log.info({ gameId, date }, 'calendar exception removed');
      return ok(true);
    },
  );

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
      const settings = await app.repos.drawSources.get(request.params.gameId);
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
      const { before, settings } = await applySources(deps(), gameId, { sources: [entry] });
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
        params: Type.Object({
          gameId: GameId,
          issue: Type.String({ pattern: '^[0-9A-Za-z-]{1,32}$' }),
        }),
        body: Type.Object(
          {
            numbers: Type.Array(Type.String({ pattern: '^\\s*\\d{1,2}\\s*$' }), {
              minItems: 7,
              maxItems: 7,
            }),
            reason: Type.String({ minLength: 2, maxLength: 200, pattern: '\\S' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(DrawSnapshotSchema), ...Errors },
      },
    },
    async (request) => {
      // results.ts asks a console session for its recent password or code.
      const { before, after } = await correctDraw(
        deps(),
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
      const game = await app.repos.games.get(request.params.gameId);
      if (!game) throw notFound('游戏不存在');
      request.auditBefore = { streamUrl: game.streamUrl ?? '' };
      const streamUrl = request.body.streamUrl;
      await app.repos.games.setStreamUrl(game.id, streamUrl || null);
      return ok({ streamUrl });
    },
  );

  app.put(
    `${BASE}/games/:gameId/draw-time`,
    {
      config: { xsrf: false, audit: 'draws.time' },
      schema: {
        tags: ['admin'],
        summary: "A daily or weekly game's draw time (HH:mm, the game's time zone)",
        description:
          'Issue numbers count the days of draws, not their time, so they do not change. Refused ' +
          'while a draw is under way and for games that draw every few minutes. A time earlier ' +
          "than now makes today's draw due at once if it has not been drawn. Needs a recent " +
          'password or code in the console.',
        params: GameParams,
        body: Type.Object(
          { drawTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }) },
          { additionalProperties: false },
        ),
        response: {
          200: EnvelopeSchema(Type.Object({ drawTime: Type.String(), schedule: Type.String() })),
          ...Errors,
        },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const { gameId } = request.params;
      const game = await app.repos.games.get(gameId);
      if (!game) throw notFound('游戏不存在');
      if (game.intervalMinutes) {
        throw new AppError(400, 'REQ/INVALID', '按分钟开奖的彩种没有每日开奖时间', {
          drawTime: '该彩种不适用',
        });
      }
      if (await app.repos.draws.newestWithStatus(gameId, 'drawing')) {
        throw new AppError(400, 'REQ/INVALID', '开奖进行中，请在本期开完后再改时间', {
          drawTime: '开奖进行中',
        });
      }
      const { drawTime } = request.body;
      request.auditBefore = { drawTime: game.drawTime, schedule: game.schedule };
      // The wording keeps its own phrasing when it names the old time ("每天 21:32 开奖").
      const schedule = game.schedule.includes(game.drawTime)
        ? game.schedule.replace(game.drawTime, drawTime)
        : describeSchedule({ ...game, drawTime });
      await app.repos.games.setDrawTime(gameId, drawTime, schedule);
      app.drawEngine?.poke(gameId);
      return ok({ drawTime, schedule });
    },
  );

  app.put(
    `${BASE}/games/:gameId/draw-days`,
    {
      config: { xsrf: false, audit: 'draws.days' },
      schema: {
        tags: ['admin'],
        summary: "A daily or weekly game's draw days, from a day after the next draw",
        description:
          'drawDays: weekdays, 0 = Sunday; [] or all seven: every day. Draws up to the next one ' +
          'keep their days and issue numbers; from `from` on issues count the new days. A change ' +
          'not yet in force is replaced; giving the days in force cancels it. Refused while a ' +
          'draw is under way, for games that draw every few minutes, and when a calendar ' +
          'exception after the next draw would no longer fit. Needs a recent password or code ' +
          'in the console.',
        params: GameParams,
        body: Type.Object(
          {
            drawDays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
              maxItems: 7,
              uniqueItems: true,
            }),
            from: LocalDateSchema,
          },
          { additionalProperties: false },
        ),
        response: {
          200: EnvelopeSchema(
            Type.Object({
              drawDays: Type.Array(Type.Integer()),
              from: Type.Union([Type.String(), Type.Null()]),
              schedule: Type.String(),
              earlierDays: Type.Array(EarlierDaysSchema),
            }),
          ),
          ...Errors,
        },
      },
    },
    async (request) => {
      app.requireReauth(request);
      const { gameId } = request.params;
      const game = await app.draws.game(gameId);
      if (!game) throw notFound('游戏不存在');
      if (await app.repos.draws.newestWithStatus(gameId, 'drawing')) {
        throw new AppError(400, 'REQ/INVALID', '开奖进行中，请在本期开完后再改', {
          from: '开奖进行中',
        });
      }
      request.auditBefore = {
        drawDays: game.drawDays,
        earlierDays: game.earlierDays ?? [],
        schedule: game.schedule,
      };
      const changed = await changeDrawDays(deps(), gameId, request.body);
      app.drawEngine?.poke(gameId);
      return ok(changed);
    },
  );
};

export default drawsAdmin;
