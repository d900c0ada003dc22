import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, LatestDrawSchema, type LatestDraw } from '@kaijiang/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { LIVE_CACHE } from '../../lib/cache-control.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { readyAnswer, sendReady, type ReadyAnswer } from '../../lib/ready-answer.ts';
import { GameId, PublicErrors as Errors } from '../../schemas/common.ts';

const BASE = '/app-api/api/v2/draws';

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

/** The latest draw of a game or of the home games: the call polled most (index.ts). */
export function latestRoute(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
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
}
