// The settings of config.json an editor changes from the console. online_service_url follows the
// company record (company.ts); the home screen's games are set here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConfigEntrySchema, EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { GameId } from '../../schemas/common.ts';
import { BASE, Errors, noXsrf, tags } from './common.ts';

const settings: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${BASE}/settings`,
    {
      schema: {
        tags,
        summary: "The entries of config.json's system_config",
        response: { 200: EnvelopeSchema(Type.Array(ConfigEntrySchema)), ...Errors },
      },
    },
    async () => ok(await app.content.settings()),
  );

  app.put(
    `${BASE}/settings/home-games`,
    {
      config: { ...noXsrf, audit: 'settings.home-games' },
      schema: {
        tags,
        summary: 'The games of the home screen, in order (home_lottery_setting)',
        body: Type.Object(
          { gameIds: Type.Array(GameId, { minItems: 1, maxItems: 20, uniqueItems: true }) },
          { additionalProperties: false },
        ),
        response: { 200: EnvelopeSchema(Type.Array(ConfigEntrySchema)), ...Errors },
      },
    },
    async (request) => {
      const known = new Set((await app.draws.games()).map((g) => g.id));
      const unknown = request.body.gameIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new AppError(400, 'REQ/INVALID', `没有这些彩种：${unknown.join('、')}`, {
          gameIds: '含有不存在的彩种',
        });
      }
      const { before, entries } = await app.content.setHomeGames(request.body.gameIds);
      request.auditBefore = before;
      return ok(entries);
    },
  );
};

export default settings;
