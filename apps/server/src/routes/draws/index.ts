import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DRAW_PAGE_SIZE_MAX,
  DrawCalendarSchema,
  DrawDetailSchema,
  DrawHistoryPageSchema,
  DrawStatsSchema,
  DrawTrendSchema,
  TREND_KINDS,
  TREND_ALL_ROWS,
  TREND_LIMIT_DEFAULT,
  TREND_LIMIT_MAX,
  TREND_LIMIT_MIN,
  EnvelopeSchema,
  zonedParts,
  type Game,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import {
  EXPORT_MAX_ROWS,
  HISTORY_MAX_ROWS,
  STATS_WINDOW_MAX,
} from '../../services/draws/service.ts';
import { ok } from '../../lib/envelope.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { RECENT_CACHE, SETTLED_CACHE } from '../../lib/cache-control.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { GameId, Issue, PublicErrors, paging } from '../../schemas/common.ts';
import { latestRoute } from './latest.ts';
import { readQuota } from './read-quota.ts';
import { searchRoutes } from './search.ts';

const BASE = '/app-api/api/v2/draws';
const Year = Type.Integer({ minimum: 1900, maximum: 2999 });
const Errors = PublicErrors;

const draws: FastifyPluginAsyncTypebox = async (app) => {
  const perMinute = readQuota(app);
  async function gameOr404(gameId: number): Promise<Game> {
    const game = await app.draws.game(gameId);
    if (!game) throw notFound('游戏不存在');
    return game;
  }
  /** Past years no longer change (short of an import), so caches may keep them longer. */
  const isPastYear = (game: Game, year: number | undefined) =>
    year !== undefined && year < zonedParts(new Date(), game.timezone).year;

  latestRoute(app);

  app.get(
    `${BASE}/history`,
    {
      config: perMinute(600),
      schema: {
        tags: ['draws'],
        summary: 'Finished draws of a game, newest first, by year and page',
        description: `Pages reach ${HISTORY_MAX_ROWS} rows at most (page × pageSize); further back, ask by year.`,
        querystring: Type.Object({
          gameId: GameId,
          year: Type.Optional(Year),
          ...paging(DRAW_PAGE_SIZE_MAX, 20),
        }),
        response: { 200: EnvelopeSchema(DrawHistoryPageSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const { gameId, year, page, pageSize } = request.query;
      const game = await gameOr404(gameId);
      return sendReady(
        request,
        reply,
        await app.draws.historyAnswer(gameId, { year, page, pageSize }),
        isPastYear(game, year) ? SETTLED_CACHE : RECENT_CACHE,
      );
    },
  );

  app.get(
    `${BASE}/stats`,
    {
      config: perMinute(120),
      schema: {
        tags: ['draws'],
        summary: 'Frequency, 遗漏 (missing), hot and cold numbers and distributions',
        description:
          'Over the last `window` finished draws. scope: all 7 numbers, the 6 regular, or the special.',
        querystring: Type.Object({
          gameId: GameId,
          window: Type.Integer({ minimum: 1, maximum: STATS_WINDOW_MAX, default: 100 }),
          scope: Type.Union(
            [Type.Literal('all'), Type.Literal('regular'), Type.Literal('special')],
            { default: 'all' },
          ),
        }),
        response: { 200: EnvelopeSchema(DrawStatsSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const { gameId, window, scope } = request.query;
      await gameOr404(gameId);
      reply.header('cache-control', RECENT_CACHE);
      return ok(await app.draws.stats(gameId, window, scope));
    },
  );

  searchRoutes(app, { perMinute, gameOr404 });

  app.get(
    `${BASE}/trend`,
    {
      // Answered from memory (services/draws/trend-book.ts), like the latest draw: no per-address quota.
      compress: false,
      schema: {
        tags: ['draws'],
        operationId: 'drawTrend',
        summary: 'Trend chart (走势图) of the last `limit` finished draws',
        description:
          'Rows oldest first. `cells[i]` is 0 where column i was hit, else the draws since it ' +
          'was last hit over the whole history (遗漏). `stats` cover the rows shown. Kinds: ' +
          `${TREND_KINDS.join(', ')} (docs/architecture.md §11).`,
        querystring: Type.Object({
          gameId: GameId,
          kind: Type.Union(
            TREND_KINDS.map((k) => Type.Literal(k)),
            { default: 'special' },
          ),
          limit: Type.Union(
            [
              Type.Integer({ minimum: TREND_LIMIT_MIN, maximum: TREND_LIMIT_MAX }),
              Type.Literal('all'),
            ],
            {
              default: TREND_LIMIT_DEFAULT,
              description: `${TREND_LIMIT_MIN}–${TREND_LIMIT_MAX} draws, or \`all\`: the whole history (its newest ${TREND_ALL_ROWS} at most)`,
            },
          ),
        }),
        response: { 200: EnvelopeSchema(DrawTrendSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const { gameId, kind } = request.query;
      const limit = request.query.limit === 'all' ? TREND_ALL_ROWS : request.query.limit;
      await gameOr404(gameId);
      // Built once per finished draw (a 500-row chart is ~110 KB of JSON): its bytes, not its rows.
      return sendReady(
        request,
        reply,
        await app.draws.trendAnswer(gameId, kind, limit),
        RECENT_CACHE,
      );
    },
  );

  app.get(
    `${BASE}/export.csv`,
    {
      config: perMinute(10),
      schema: {
        tags: ['draws'],
        summary: 'Finished draws as CSV (issue,date,n1..n6,special), oldest first',
        description:
          'The same columns the import CLI reads: an export imports back unchanged. At most ' +
          `${EXPORT_MAX_ROWS} rows (a year of any game): a longer selection answers 400, ` +
          'asking for a year. 10 exports a minute per address.',
        querystring: Type.Object({ gameId: GameId, year: Type.Optional(Year) }),
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV' }), ...Errors },
      },
    },
    async (request, reply) => {
      const { gameId, year } = request.query;
      const game = await gameOr404(gameId);
      const rows = await app.draws.exportCsv(gameId, year);
      const name = `kaijiang-${gameId}-${year ?? 'all'}.csv`;
      return (
        reply
          .header('cache-control', isPastYear(game, year) ? SETTLED_CACHE : RECENT_CACHE)
          .header('content-disposition', `attachment; filename="${name}"`)
          .type('text/csv; charset=utf-8')
          // Streamed: a 5-minute game's year is ~100k rows. The schema documents the text.
          .send(Readable.from(rows) as unknown as string)
      );
    },
  );

  app.get(
    `${BASE}/calendar`,
    {
      schema: {
        tags: ['draws'],
        operationId: 'drawCalendar',
        summary: "A month of a game's draw calendar",
        description:
          "Every day of the month (in the game's time zone) with a draw or an exception: its " +
          'draws with issue and time, and the exception an operator entered (a draw moved, a ' +
          'day skipped, a draw added, with a note). `next` is the first draw after now. Not ' +
          'for games that draw every few minutes (400).',
        querystring: Type.Object({
          gameId: GameId,
          month: Type.String({
            pattern: '^(20\\d\\d|2100)-(0[1-9]|1[0-2])$',
            description: 'YYYY-MM, 2000-01 to 2100-12',
          }),
        }),
        response: { 200: EnvelopeSchema(DrawCalendarSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const { gameId, month } = request.query;
      const game = await gameOr404(gameId);
      if (game.intervalMinutes) {
        throw new AppError(400, 'REQ/INVALID', '该彩种每几分钟开奖一次，没有开奖日历', {
          gameId: '仅限按日开奖的彩种',
        });
      }
      const calendar = await app.draws.calendar(gameId, month);
      if (!calendar) throw notFound('游戏不存在');
      // `next` moves on with every draw: a few seconds, like the recent draws.
      reply.header('cache-control', RECENT_CACHE);
      return ok(calendar);
    },
  );

  app.get(
    `${BASE}/:gameId/:issue`,
    {
      schema: {
        tags: ['draws'],
        summary: 'One draw by issue',
        params: Type.Object({ gameId: GameId, issue: Issue }),
        response: { 200: EnvelopeSchema(DrawDetailSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const { gameId, issue } = request.params;
      await gameOr404(gameId);
      const draw = await app.draws.draw(gameId, issue);
      if (!draw) throw notFound('该期开奖结果不存在');
      reply.header('cache-control', draw.status === 'done' ? SETTLED_CACHE : 'no-store');
      return ok(draw);
    },
  );
};

export default draws;
