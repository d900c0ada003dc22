import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Game } from '@kaijiang/domain';
import { LruMap } from 'toad-cache';
import { Type } from 'typebox';
import { macauItem, opencaiItem, type Shown } from '../../services/draws/compat.ts';
import { RECENT_CACHE } from '../../lib/cache-control.ts';
import { notFound } from '../../lib/errors.ts';
import { readyAnswer, sendReady, type ReadyAnswer } from '../../lib/ready-answer.ts';
import { PublicErrors } from '../../schemas/common.ts';

/** Draws of one year the Macau year call lists at most, newest first (a daily game's year). */
export const COMPAT_YEAR_MAX = 400;
export const OPENCAI_ROWS_MAX = 50;
/** Answers kept: a few games × the years and issues asked; least recently used dropped. */
export const COMPAT_CACHE_MAX = 512;
const TTL_MS = 60_000;

const Code = Type.String({ pattern: '^[a-z0-9]{1,32}$', description: 'the game short code' });
const MacauItemSchema = Type.Object({
  expect: Type.String({ description: 'issue' }),
  openTime: Type.String({ description: 'local time, YYYY-MM-DD HH:mm:ss' }),
  openCode: Type.String({ description: 'the balls out so far, comma-separated, special last' }),
  wave: Type.String({ description: 'red | blue | green per ball' }),
  zodiac: Type.String({ description: 'zodiac per ball, in the draw lunar year' }),
  type: Type.Integer({ description: 'our game id' }),
  info: Type.String({ description: 'empty once the draw is finished' }),
});
const MacauYearSchema = Type.Object({
  code: Type.Integer({ description: '200' }),
  data: Type.Array(MacauItemSchema),
});
const OpencaiSchema = Type.Object({
  rows: Type.Integer(),
  code: Type.String(),
  data: Type.Array(
    Type.Object({
      expect: Type.String(),
      opencode: Type.String({ description: 'six numbers, then + and the special' }),
      opentime: Type.String(),
      opentimestamp: Type.Integer({ description: 'seconds since 1970' }),
    }),
  ),
});

/**
 * Compatible output: what the Macau feed and opencai answer, from our draws, at
 * `/compat/macaujc/…` and `/compat/opencai/…`; a game is named by its short code (macaujc2 is
 * game 110, hk6 game 111). Answers are kept as ready bytes until the game's draws change.
 */
const compat: FastifyPluginAsyncTypebox = async (app) => {
  const kept = new LruMap<{ generation: number; at: number; answer: ReadyAnswer }>(
    COMPAT_CACHE_MAX,
  );

  async function gameOf(code: string): Promise<Game> {
    const game = (await app.draws.games()).find((g) => g.code === code);
    if (!game) throw notFound('没有这个彩种代码');
    return game;
  }

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    game: Game,
    key: string,
    build: () => Promise<unknown>,
  ) {
    const generation = app.draws.generation(game.id);
    const now = app.draws.clock();
    let entry = kept.get(`${game.id}|${key}`);
    if (!entry || entry.generation !== generation || now - entry.at >= TTL_MS || now < entry.at) {
      entry = { generation, at: now, answer: readyAnswer(await build()) };
      kept.set(`${game.id}|${key}`, entry);
    }
    return sendReady(request, reply, entry.answer, RECENT_CACHE);
  }

  /** The draw under way, else the newest finished one. */
  async function current(game: Game): Promise<Shown | undefined> {
    const s = await app.draws.snapshot(game.id);
    if (s?.status === 'drawing') return s;
    return (await app.draws.recent(game.id, 1))[0];
  }

  app.get(
    '/compat/macaujc/api/:file',
    {
      schema: {
        tags: ['compat'],
        operationId: 'compatMacauLatest',
        summary: 'The latest draw, as the common Macau feed answers `api/{code}.com`',
        description:
          'A list of one draw: the one under way (its balls so far) or else the newest finished.',
        params: Type.Object({
          file: Type.String({ pattern: '^[a-z0-9]{1,32}\\.com$', description: '{code}.com' }),
        }),
        response: { 200: Type.Array(MacauItemSchema), ...PublicErrors },
      },
    },
    async (request, reply) => {
      const game = await gameOf(request.params.file.slice(0, -'.com'.length));
      return answer(request, reply, game, 'latest', async () => {
        const d = await current(game);
        return d ? [macauItem(d, game)] : [];
      });
    },
  );

  app.get(
    '/compat/macaujc/history/:code/y/:year',
    {
      schema: {
        tags: ['compat'],
        operationId: 'compatMacauYear',
        summary: "A year's finished draws, newest first, in the Macau feed's year envelope",
        description: `At most ${COMPAT_YEAR_MAX} draws (the newest) for a game drawn more often.`,
        params: Type.Object({
          code: Code,
          year: Type.Integer({ minimum: 1900, maximum: 2999 }),
        }),
        response: { 200: MacauYearSchema, ...PublicErrors },
      },
    },
    async (request, reply) => {
      const { code, year } = request.params;
      const game = await gameOf(code);
      return answer(request, reply, game, `y${year}`, async () => {
        const rows = await app.drawsCompat.year(game.id, year, COMPAT_YEAR_MAX);
        return { code: 200, data: rows.map((d) => macauItem(d, game)) };
      });
    },
  );

  app.get(
    '/compat/macaujc/history/:code/expect/:expect',
    {
      schema: {
        tags: ['compat'],
        operationId: 'compatMacauIssue',
        summary: 'One draw by its issue, in the Macau feed envelope (an empty list if none)',
        params: Type.Object({
          code: Code,
          expect: Type.String({ pattern: '^[0-9]{1,32}$', description: 'issue' }),
        }),
        response: { 200: MacauYearSchema, ...PublicErrors },
      },
    },
    async (request, reply) => {
      const { code, expect } = request.params;
      const game = await gameOf(code);
      return answer(request, reply, game, `e${expect}`, async () => {
        const d = await app.drawsCompat.draw(game.id, expect);
        return { code: 200, data: d && d.status !== 'waiting' ? [macauItem(d, game)] : [] };
      });
    },
  );

  app.get(
    '/compat/opencai/:feed',
    {
      schema: {
        tags: ['compat'],
        operationId: 'compatOpencai',
        summary: "The newest finished draws in opencai's shape, `{code}.json?rows=N`",
        params: Type.Object({
          feed: Type.String({ pattern: '^[a-z0-9]{1,32}\\.json$', description: '{code}.json' }),
        }),
        querystring: Type.Object({
          rows: Type.Integer({ minimum: 1, maximum: OPENCAI_ROWS_MAX, default: 5 }),
        }),
        response: { 200: OpencaiSchema, ...PublicErrors },
      },
    },
    async (request, reply) => {
      const code = request.params.feed.slice(0, -'.json'.length);
      const game = await gameOf(code);
      const { rows } = request.query;
      return answer(request, reply, game, `o${rows}`, async () => {
        const draws = await app.draws.recent(game.id, rows);
        return { rows: draws.length, code, data: draws.map((d) => opencaiItem(d, game)) };
      });
    },
  );
};

export default compat;
