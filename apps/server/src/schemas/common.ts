// Schemas every route module shares, in one place so a bound (an id's range, the largest page)
// cannot drift between the public, member and operator calls. The §4 envelope itself is a wire
// contract and lives in @kaijiang/domain (EnvelopeSchema, ErrorEnvelopeSchema).
import { ErrorEnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';

/** A row id: positive and within a 32-bit integer column. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const GameId = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: 'game id, e.g. 110',
});
export const IdParams = Type.Object({ id: Id });
export const GameParams = Type.Object({ gameId: GameId });
/** A draw's issue as games number them (2026120, 20260315-042). */
export const Issue = Type.String({ pattern: '^[0-9A-Za-z-]{1,32}$' });
export const IssueParams = Type.Object({ gameId: GameId, issue: Issue });
/** A ball as an operator types it ("07", " 7 "): its range is the game's, checked by the service. */
export const BallText = Type.String({ pattern: '^\\s*\\d{1,2}\\s*$' });
/** A draw's seven numbers, the special last (a correction, a settled dispute). */
export const SevenBalls = Type.Array(BallText, { minItems: 7, maxItems: 7 });

/** `page` and `pageSize` query fields; each list has its own largest and default page size. */
export function paging(maxPageSize: number, defaultPageSize: number) {
  return {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: maxPageSize, default: defaultPageSize }),
  };
}

/** Error replies of a route, each the §4 envelope with a non-OK code: errorReplies(400, 404). */
export function errorReplies<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof ErrorEnvelopeSchema } {
  return Object.fromEntries(codes.map((c) => [c, ErrorEnvelopeSchema])) as {
    [K in C[number]]: typeof ErrorEnvelopeSchema;
  };
}

/** What a public read can answer besides 200. */
export const PublicErrors = errorReplies(400, 404);
/** What a call behind a member or operator guard can answer besides 200. */
export const GuardedErrors = errorReplies(400, 401, 403, 404);

/** OpenAPI: a call that needs the member token (docs/architecture.md §4); the scheme is in plugins/external/swagger.ts. */
export const MEMBER_ONLY = [{ memberToken: [] as string[] }];
