// The results widget for other sites (开奖调用, issue 16): /embed/{gameId} in three sizes, its
// script and style, and the one-line loader webmasters paste. These pages, and only these, may
// be framed by any site; everywhere else the site refuses framing.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { lunarYearAt } from '../../services/draws/detail.ts';
import {
  EMBED_LANGS,
  EMBED_SIZES,
  EMBED_THEMES,
  embedPage,
  type EmbedLang,
  type EmbedSize,
  type EmbedTheme,
} from '../../services/embed/page.ts';
import { LIST_CACHE } from '../../lib/cache-control.ts';
import { liveSources } from '../../plugins/external/helmet.ts';
import { GameParams } from '../../schemas/common.ts';
import { IMMUTABLE } from '../web/index.ts';

const PUBLIC = path.join(import.meta.dirname, '../../services/embed/public');
const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

interface Asset {
  body: Buffer;
  type: string;
  version: string;
}

async function asset(file: string, type: string): Promise<Asset> {
  const body = await fs.readFile(path.join(PUBLIC, file));
  return { body, type, version: createHash('sha256').update(body).digest('hex').slice(0, 12) };
}

/** Shanghai midnight of a day number (days since the epoch, Shanghai calendar). */
const midnight = (day: number) => new Date(day * DAY_MS - SHANGHAI_OFFSET_MS).toISOString();

/**
 * The lunar years around today and the instants they begin: the widget names a ball's zodiac by
 * its draw's lunar year, also across a new year while the page stays open.
 */
function lunarAround(now: number): { from: string; year: number }[] {
  const today = Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS);
  const yearOf = (day: number) => lunarYearAt(midnight(day));
  const year = yearOf(today);
  let start = today;
  while (start > today - 400 && yearOf(start - 1) === year) start--;
  let next = today + 1;
  while (next < today + 400 && yearOf(next) === year) next++;
  return [
    { from: '1970-01-01T00:00:00.000Z', year: year - 1 },
    { from: midnight(start), year },
    { from: midnight(next), year: year + 1 },
  ];
}

const embed: FastifyPluginAsyncTypebox = async (app) => {
  const [js, css, loader] = await Promise.all([
    asset('embed.js', 'text/javascript; charset=utf-8'),
    asset('embed.css', 'text/css; charset=utf-8'),
    asset('loader.js', 'text/javascript; charset=utf-8'),
  ]);
  const assets = {
    js: `/embed/assets/embed.js?v=${js.version}`,
    css: `/embed/assets/embed.css?v=${css.version}`,
  };
  let lunar: { day: number; value: { from: string; year: number }[] } | undefined;
  const lunarNow = () => {
    const now = app.draws.clock();
    const day = Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS);
    if (lunar?.day !== day) lunar = { day, value: lunarAround(now) };
    return lunar.value;
  };

  // Any site may frame the widget (frame-ancestors *), and load the loader and the files from
  // its own pages (Cross-Origin-Resource-Policy: cross-origin); nothing else is relaxed.
  const framable = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
        // 'self' covers this origin's ws: and wss:; no scheme is allowed whole (any host).
        connectSrc: ["'self'", ...liveSources(app.config.liveHosts)],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ['*'],
      },
    },
    xFrameOptions: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  };
  const crossOrigin = { crossOriginResourcePolicy: { policy: 'cross-origin' as const } };

  app.get(
    '/embed/:gameId',
    {
      helmet: framable,
      schema: {
        tags: ['embed'],
        summary: 'The results widget of a game, to put in an iframe (see /embed/loader.js)',
        params: GameParams,
        querystring: Type.Object({
          size: Type.Union(
            EMBED_SIZES.map((s) => Type.Literal(s)),
            { default: 'card' },
          ),
          theme: Type.Union(
            EMBED_THEMES.map((s) => Type.Literal(s)),
            { default: 'auto' },
          ),
          lang: Type.Union(
            EMBED_LANGS.map((s) => Type.Literal(s)),
            { default: 'zh-Hans' },
          ),
        }),
        produces: ['text/html'],
        // A page, not an API call: out of the OpenAPI document (/instruct-api shows it instead).
        hide: true,
      },
    },
    async (request, reply) => {
      const { gameId } = request.params;
      const game = await app.draws.game(gameId);
      reply.header('cache-control', LIST_CACHE).type('text/html; charset=utf-8');
      if (!game) {
        return reply
          .code(404)
          .send(
            '<!doctype html><html lang="zh-Hans"><meta charset="utf-8"><title>没有这个彩种</title><p>没有这个彩种</p></html>',
          );
      }
      return reply.send(
        embedPage({
          gameId,
          gameName: game.name,
          snapshot: await app.draws.snapshot(gameId),
          size: request.query.size as EmbedSize,
          theme: request.query.theme as EmbedTheme,
          lang: request.query.lang as EmbedLang,
          lunar: lunarNow(),
          hosts: app.config.liveHosts,
          assets,
          lunarYearOf: lunarYearAt,
        }),
      );
    },
  );

  for (const [name, a] of [
    ['embed.js', js],
    ['embed.css', css],
  ] as const) {
    app.get(
      `/embed/assets/${name}`,
      { helmet: crossOrigin, schema: { hide: true } },
      async (_request, reply) => reply.header('cache-control', IMMUTABLE).type(a.type).send(a.body),
    );
  }
  // Pasted into other sites' pages as is: no version in its address, so a short cache.
  app.get('/embed/loader.js', { helmet: crossOrigin, schema: { hide: true } }, async (_r, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600, s-maxage=3600')
      .type(loader.type)
      .send(loader.body),
  );
};

export default embed;
