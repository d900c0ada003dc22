import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DRAW_PAGE_SIZE_MAX,
  DrawSearchPageSchema,
  EnvelopeSchema,
  SEARCH_POSITIONS,
  ZODIACS,
  type DrawSearch,
  type Game,
} from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { SEARCH_MAX_ROWS, type SearchQuery } from '../../services/draws/service.ts';
import { RECENT_CACHE } from '../../lib/cache-control.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { GameId, PublicErrors as Errors, paging } from '../../schemas/common.ts';
import type { readQuota } from './read-quota.ts';

const BASE = '/app-api/api/v2/draws';
const Day = Type.String({
  pattern: '^(19|20)\\d\\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
});

/** Draws by numbers, position, zodiac and dates: a page of them, or all as CSV (index.ts). */
export function searchRoutes(
  scope: FastifyInstance,
  {
    perMinute,
    gameOr404,
  }: { perMinute: ReturnType<typeof readQuota>; gameOr404: (gameId: number) => Promise<Game> },
): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
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
}
