import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { assertMayChangeResults, writerOfRequest } from '../../services/draws/results.ts';
import { HISTORY_FORMATS, parseHistory } from '../../services/draws/history/formats.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { GameParams, GuardedErrors } from '../../schemas/common.ts';

/** History import (services/draws/history/): registered inside the draw role's guard (index.ts). */
export function importRoute(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    `/app-api/admin/draws/:gameId/import`,
    {
      config: { xsrf: false, audit: 'draws.import' },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Import finished draws: our CSV export, a Jockey Club answer (hkjc), a Macau year',
        description:
          'Nothing is imported when an item is wrong: the answer lists every problem by line ' +
          '(CSV) or item (JSON). Draws stored with the same result are left alone, so the same ' +
          'file imports twice without change. A file that contradicts stored results is ' +
          'refused (`refused`, `contradictions`) unless `replace` (or the older `update`) is ' +
          'true: the replaced results go to the audit log; replacing needs a recent password or ' +
          'code in the console. `hkjc` brings the prize records along.',
        params: GameParams,
        body: Type.Object(
          {
            format: Type.Union(
              HISTORY_FORMATS.map((f) => Type.Literal(f)),
              { default: 'csv' },
            ),
            /** The file's text (the older clients send it as `csv`). */
            text: Type.Optional(Type.String({ minLength: 1, maxLength: 8_000_000 })),
            csv: Type.Optional(Type.String({ minLength: 1, maxLength: 8_000_000 })),
            replace: Type.Boolean({ default: false }),
            update: Type.Boolean({ default: false }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: EnvelopeSchema(
            Type.Object({
              inserted: Type.Integer({ description: 'draws added' }),
              updated: Type.Integer({ description: 'draws replaced' }),
              skipped: Type.Integer({ description: 'draws unchanged or refused' }),
              added: Type.Integer(),
              unchanged: Type.Integer(),
              replaced: Type.Integer(),
              refused: Type.Integer(),
              contradictions: Type.Array(
                Type.Object({
                  issue: Type.String(),
                  stored: Type.Array(Type.String()),
                  file: Type.Array(Type.String()),
                }),
              ),
              problems: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
            }),
          ),
          ...GuardedErrors,
        },
      },
    },
    async (request) => {
      const { gameId } = request.params;
      const { format, text, csv } = request.body;
      const replace = request.body.replace || request.body.update;
      const game = await app.draws.game(gameId);
      if (!game) throw notFound('游戏不存在');
      const nothing = { inserted: 0, updated: 0, skipped: 0, added: 0, unchanged: 0 };
      const empty = { ...nothing, replaced: 0, refused: 0, contradictions: [] };
      const body = text ?? csv;
      if (body === undefined) {
        throw new AppError(400, 'REQ/INVALID', '缺少文件内容', { text: '请粘贴或上传文件' });
      }
      const parsed = parseHistory(format, body, game, app.draws.clock());
      if (!parsed.ok) return ok({ ...empty, problems: parsed.problems.slice(0, 200) });
      if (parsed.draws.length === 0) {
        return ok({ ...empty, problems: [{ line: 1, message: '文件中没有数据行' }] });
      }
      // An import can change what visitors see: a console session gives its password or a
      // code first, even for a file that turns out to replace nothing (services/draws/results.ts).
      const writer = writerOfRequest(request);
      assertMayChangeResults(writer);
      const o = await app.drawsAdmin.importHistory(game, parsed.draws, { replace, writer });
      // Each replaced draw has its own entry with what it was; this one says which.
      if (o.replaced > 0) {
        request.auditBefore = {
          replaced: o.contradictions.slice(0, 200).map((c) => c.issue),
          count: o.replaced,
        };
      }
      return ok({
        inserted: o.added,
        updated: o.replaced,
        skipped: o.unchanged + o.refused,
        added: o.added,
        unchanged: o.unchanged,
        replaced: o.replaced,
        refused: o.refused,
        contradictions: o.contradictions
          .slice(0, 200)
          .map((c) => ({ issue: c.issue, stored: c.stored.numbers, file: c.file.numbers })),
        problems: [],
      });
    },
  );
}
