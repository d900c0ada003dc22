// The demo library's sheets (services/seed/gallery-series-art.ts), drawn on request: a first start writes
// no picture files, and each URL always draws the same sheet, so it is cached for good.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { lunarYearOf } from '@kaijiang/domain';
import { Type } from 'typebox';
import { GameId, PublicErrors } from '../../schemas/common.ts';
import {
  DEMO_BASE,
  DEMO_SERIES,
  sheetSvg,
  sheetThumbSvg,
} from '../../services/seed/gallery-series-art.ts';

const FILE = /^([0-9]{7,12})-(colour|mono)(-thumb)?\.svg$/;

const demo: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${DEMO_BASE}/:gameId/:series/:file`,
    {
      schema: {
        tags: ['gallery'],
        summary: "A demo series' sheet (SVG), drawn by the server",
        params: Type.Object({
          gameId: GameId,
          series: Type.Integer({ minimum: 0, maximum: DEMO_SERIES.length - 1 }),
          file: Type.String({ maxLength: 40, pattern: FILE.source }),
        }),
        response: { 200: Type.String({ description: 'image/svg+xml' }), ...PublicErrors },
      },
    },
    async (request, reply) => {
      const { gameId, series, file } = request.params;
      const m = FILE.exec(file)!;
      const game = await app.gallery.demoGame(gameId);
      const issue = m[1]!;
      const art = {
        gameName: game.name,
        series,
        issue,
        // The zodiac of a number follows the lunar year of the issue's year (mid-year is safe).
        lunarYear: lunarYearOf(new Date(Date.UTC(Number(issue.slice(0, 4)), 6, 1))),
        variant: m[2] as 'colour' | 'mono',
      };
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(m[3] ? sheetThumbSvg(art) : sheetSvg(art));
    },
  );
};

export default demo;
