import net, { BlockList } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DRAW_PAGE_SIZE_MAX,
  DrawCalendarSchema,
  DrawDetailSchema,
  DrawHistoryPageSchema,
  DrawSearchPageSchema,
  DrawStatsSchema,
  DrawTrendSchema,
  SEARCH_POSITIONS,
  ZODIACS,
  TREND_KINDS,
  TREND_ALL_ROWS,
  TREND_LIMIT_DEFAULT,
  TREND_LIMIT_MAX,
  TREND_LIMIT_MIN,
  EnvelopeSchema,
  LatestDrawSchema,
  zonedParts,
  type DrawSearch,
  type Game,
  type LatestDraw,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import {
  EXPORT_MAX_ROWS,
  HISTORY_MAX_ROWS,
  SEARCH_MAX_ROWS,
  STATS_WINDOW_MAX,
  type SearchQuery,
} from '../../draws/service.ts';
import { ok } from '../../lib/envelope.ts';
import { isRendererCall } from '../../lib/renderer-calls.ts';
import { cidrOf } from '../../config.ts';
import { readyAnswer, sendReady, type ReadyAnswer } from '../../lib/ready-answer.ts';
import { LIVE_CACHE, RECENT_CACHE, SETTLED_CACHE } from '../../lib/cache-control.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { GameId, PublicErrors, paging } from '../../schemas/common.ts';

const BASE = '/app-api/api/v2/draws';
const Year = Type.Integer({ minimum: 1900, maximum: 2999 });
const Day = Type.String({ pattern: '^(19|20)\\d\\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });
const Issue = Type.String({ pattern: '^[0-9A-Za-z-]{1,32}$' });
const Errors = PublicErrors;

// Per address: the heavy reads share one lane (lib/heavy-lane.ts), so one visitor's share of it
// is bounded here. Generous for a person scrolling; an export is a file a minute apart. The
// server renderer's own calls (lib/renderer-calls.ts) are made for every visitor, not by one, so
// they are not counted.

/**
 * How old the server clock in a ready latest answer may be. Everything else in it is compared on
 * each request, so a new ball goes out at once; only `serverTime` (the countdown's reference)
 * may lag by this much, less than a phone's round trip.
 */
const LATEST_CLOCK_MS = 250;
/**
 * Everything a latest answer is made of but the clock: the balls' attributes follow from the
 * numbers and the draw's date. (A JSON.stringify with a replacer cost more than the answer.)
 */
const versionOf = (d: LatestDraw) =>
  `${d.gameId}|${d.issue}|${d.status}|${d.numbers.join()}|${d.drawAt}|${d.nextIssue}|${d.nextDrawAt}|${d.prizes?.updatedAt ?? ''}`;

const draws: FastifyPluginAsyncTypebox = async (app) => {
  // Addresses an operator exempts from these quotas (READ_LIMIT_EXEMPT).
  const exempt = new BlockList();
  for (const entry of app.config.readLimitExempt) {
    const [address, prefix, family] = cidrOf(entry)!;
    exempt.addSubnet(address, prefix, family);
  }
  function isExempt(ip: string): boolean {
    if (app.config.readLimitExempt.length === 0) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    if (v4) return exempt.check(v4, 'ipv4');
    const family = net.isIP(ip);
    return family !== 0 && exempt.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }
  const perMinute = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: 60_000,
      allowList: (request: FastifyRequest) => isRendererCall(request) || isExempt(request.ip),
    },
  });
  // The latest answer is what pollers and every page ask for at draw time: its bytes are built
  // (and compressed) once per change or per LATEST_CLOCK_MS, not once per request. Keyed by
  // games that exist (an unknown id is a 404 before this) and 'home'.
  // While the draw service says nothing the answer is made of has changed (its generation), the
  // kept answer goes out without asking the service at all (a third of a poll's cost): a stored
  // change still goes out at once, and what follows from the clock alone (the countdown's
  // reference, the next issue at draw time) at most LATEST_CLOCK_MS late, as before.
  const latestReady = new Map<
    number | 'home',
    { version: string; generation: number; at: number; answer: ReadyAnswer }
  >();
  const generationOf = (key: number | 'home') =>
    app.draws.generation(key === 'home' ? undefined : key);
  function keptLatest(key: number | 'home'): ReadyAnswer | undefined {
    const kept = latestReady.get(key);
    if (!kept || performance.now() - kept.at >= LATEST_CLOCK_MS) return undefined;
    return kept.generation === generationOf(key) ? kept.answer : undefined;
  }
  /** `generation`: the service's, read before `value` was. */
  function readyLatest(
    key: number | 'home',
    value: LatestDraw | LatestDraw[],
    generation: number,
  ): ReadyAnswer {
    const version = Array.isArray(value) ? value.map(versionOf).join('\n') : versionOf(value);
    const now = performance.now();
    const kept = latestReady.get(key);
    if (kept && kept.version === version && now - kept.at < LATEST_CLOCK_MS) {
      kept.generation = generation;
      return kept.answer;
    }
    const answer = readyAnswer(ok(value));
    latestReady.set(key, { version, generation, at: now, answer });
    return answer;
  }
  /** The latest answer asked of the draw service (and kept). */
  async function latestAnswer(reply: FastifyReply, gameId: number | undefined) {
    const request = reply.request;
    const generation = generationOf(gameId ?? 'home');
    if (gameId !== undefined) {
      const latest = await app.draws.latest(gameId);
      if (!latest) throw notFound('游戏不存在');
      return sendReady(request, reply, readyLatest(gameId, latest, generation), LIVE_CACHE);
    }
    const games = await app.draws.homeGames();
    const all = await Promise.all(games.map((g) => app.draws.latest(g.id)));
    const value = all.filter((d) => d !== null);
    return sendReady(request, reply, readyLatest('home', value, generation), LIVE_CACHE);
  }
  async function gameOr404(gameId: number): Promise<Game> {
    const game = await app.draws.game(gameId);
    if (!game) throw notFound('游戏不存在');
    return game;
  }
  /** Past years no longer change (short of an import), so caches may keep them longer. */
  const isPastYear = (game: Game, year: number | undefined) =>
    year !== undefined && year < zonedParts(new Date(), game.timezone).year;

  app.get(
    `${BASE}/latest`,
    {
      schema: {
        tags: ['draws'],
        summary: 'Latest draw of one game, or of every home game',
        description:
          "With gameId: that game's current draw (in progress, else the latest finished) with " +
          'nextIssue, nextDrawAt and serverTime. Without: an array, one per home game.',
        querystring: Type.Object({ gameId: Type.Optional(GameId) }),
        response: {
          200: EnvelopeSchema(Type.Union([LatestDrawSchema, Type.Array(LatestDrawSchema)])),
          ...Errors,
        },
      },
    },
    (request, reply) => {
      const { gameId } = request.query;
      const key = gameId ?? 'home';
      const kept = keptLatest(key);
      // Not an async handler: a kept answer goes out with no promise made (nothing returned, as
      // a synchronous handler's value would be sent).
      if (!kept) return latestAnswer(reply, gameId);
      sendReady(request, reply, kept, LIVE_CACHE);
      // The next poll of this address gets these bytes before routing, while they are the ones
      // this handler would send (plugins/app/ready-front.ts).
      app.readyFront.offer(request, reply, {
        address: gameId === undefined ? `${BASE}/latest` : `${BASE}/latest?gameId=${gameId}`,
        answer: kept,
        current: () => keptLatest(key) === kept,
      });
    },
  );

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

  const SearchFields = {
    gameId: GameId,
    numbers: Type.Optional(
      Type.String({ pattern: '^\\d{1,2}(,\\d{1,2}){0,6}$', examples: ['07,12'] }),
    ),
    position: Type.Union(
      SEARCH_POSITIONS.map((p) => Type.Literal(p)),
      { default: 'any' },
    ),
    zodiac: Type.Optional(Type.Union(ZODIACS.map((z) => Type.Literal(z)))),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
  };
  const SEARCH_RULES =
    '`numbers`: up to 7, comma separated. `position` any: a draw holding every number; ' +
    'special or 1–6: the number at that place is one of them. `zodiac` (rat … pig): of the ' +
    'number at `position` (any: of one of the seven), in the lunar year of the draw. ' +
    '`from`/`to`: dates in the game’s time zone, inclusive. A search looks at ' +
    `${SEARCH_MAX_ROWS} draws at most: a longer range answers 400.`;
  /** The search a query asks for, checked beyond its schema. */
  function searchOf(q: {
    numbers?: string;
    position: DrawSearch['position'];
    zodiac?: DrawSearch['zodiac'];
    from?: string;
    to?: string;
  }): SearchQuery {
    const numbers = q.numbers ? q.numbers.split(',').map(Number) : [];
    if (numbers.some((n) => n < 1 || n > 49)) {
      throw new AppError(400, 'REQ/INVALID', '号码应在 01 到 49 之间', { numbers: '01–49' });
    }
    if (q.from && q.to && q.from > q.to) {
      throw new AppError(400, 'REQ/INVALID', '开始日期不能晚于结束日期', {
        from: '晚于结束日期',
      });
    }
    return {
      numbers: [...new Set(numbers)],
      position: q.position,
      zodiac: q.zodiac,
      from: q.from,
      to: q.to,
    };
  }

  app.get(
    `${BASE}/search`,
    {
      config: perMinute(120),
      schema: {
        tags: ['draws'],
        operationId: 'searchDraws',
        summary: 'Finished draws by numbers, position, zodiac and dates, newest first',
        description: SEARCH_RULES,
        querystring: Type.Object({ ...SearchFields, ...paging(DRAW_PAGE_SIZE_MAX, 20) }),
        response: { 200: EnvelopeSchema(DrawSearchPageSchema), ...Errors },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const search = searchOf(request.query);
      const game = await gameOr404(request.query.gameId);
      reply.header('cache-control', RECENT_CACHE);
      return ok(await app.draws.search(game, { ...search, page, pageSize }));
    },
  );

  app.get(
    `${BASE}/search.csv`,
    {
      config: perMinute(10),
      schema: {
        tags: ['draws'],
        operationId: 'exportDrawSearch',
        summary: 'Every draw a search finds, as CSV (issue,date,n1..n6,special), oldest first',
        description: `${SEARCH_RULES} The columns of the export: the file imports back. 10 a minute per address.`,
        querystring: Type.Object(SearchFields),
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV' }), ...Errors },
      },
    },
    async (request, reply) => {
      const search = searchOf(request.query);
      const game = await gameOr404(request.query.gameId);
      const rows = await app.draws.searchCsv(game, search);
      return reply
        .header('cache-control', RECENT_CACHE)
        .header('content-disposition', `attachment; filename="kaijiang-${game.id}-search.csv"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(rows) as unknown as string);
    },
  );

  app.get(
    `${BASE}/trend`,
    {
      // Answered from memory (draws/trend-book.ts), like the latest draw: no per-address quota.
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
