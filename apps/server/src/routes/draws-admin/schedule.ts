import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CalendarChangeInputSchema,
  CalendarChangeSchema,
  EarlierDaysSchema,
  EnvelopeSchema,
  LocalDateSchema,
} from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { GameId, GameParams, GuardedErrors as Errors } from '../../schemas/common.ts';

// A game's schedule: its calendar exceptions, its draw time and days. Registered inside the
// draw role's guard (index.ts), as the routes of import.ts.
const BASE = '/app-api/admin';

/** A game's calendar exceptions: listed, set, removed. */
export function calendarRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
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
    async (request) => ok(await app.drawsAdmin.calendarChanges(request.params.gameId)),
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
      const change = await app.drawsAdmin.putCalendarChange(gameId, date, request.body);
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
      await app.drawsAdmin.removeCalendarChange(gameId, date);
      request.log.info({ gameId, date }, 'calendar exception removed');
      return ok(true);
    },
  );
}

/** A daily or weekly game's draw time and draw days. */
export function drawTimeRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

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
      const { before, drawTime, schedule } = await app.drawsAdmin.setDrawTime(
        gameId,
        request.body.drawTime,
      );
      request.auditBefore = before;
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
      const { before, changed } = await app.drawsAdmin.changeDrawDays(gameId, request.body);
      request.auditBefore = before;
      app.drawEngine?.poke(gameId);
      return ok(changed);
    },
  );
}
