// The picture library's public and member calls (docs/architecture.md §14), at the paths of
// packages/domain/src/wire/gallery-series.ts. No SQL here: services/gallery/service.ts decides.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EnvelopeSchema,
  GALLERY_ISSUES_PAGE_SIZE,
  GALLERY_SERIES_PAGE_SIZE,
  GalleryCommentInputSchema,
  GalleryCommentPageSchema,
  GalleryCommentSchema,
  GalleryFavouritesSchema,
  GalleryLikeSchema,
  SeriesDetailSchema,
  SeriesIssuePageSchema,
  SeriesIssueSchema,
  SeriesPageSchema,
} from '@kaijiang/domain';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ISSUE_PATTERN } from '../../services/gallery/cards.ts';
import demo from './demo.ts';
import { DEVICE_ID_RE, type Liker } from '../../services/gallery/service.ts';
import { addressKey } from '../../lib/address-key.ts';
import { LIST_CACHE } from '../../lib/cache-control.ts';
import { ok } from '../../lib/envelope.ts';
import { tokenFromHeaders } from '../../services/members/tokens.ts';
import {
  GameId,
  GuardedErrors,
  Id,
  MEMBER_ONLY,
  PublicErrors,
  errorReplies,
  paging,
} from '../../schemas/common.ts';

const BASE = '/app-api/api/v2';
const USER = '/app-api/api/user';
const tags = ['gallery'];
const SeriesParams = Type.Object({ seriesId: Id });
const IssueParams = Type.Object({
  seriesId: Id,
  issue: Type.String({ pattern: ISSUE_PATTERN, description: 'e.g. 2026123' }),
});
const Limited = errorReplies(400, 401, 403, 404, 429);

const gallery: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(demo);
  const g = app.gallery;

  /** The signed-in member if a valid token came, else the device the web named (x-device-id). */
  async function likerOf(request: FastifyRequest): Promise<Liker> {
    const token = tokenFromHeaders(request.headers);
    const memberId = token
      ? await app.members.authenticate(token).then(
          (s) => s.memberId,
          () => null,
        )
      : null;
    const device = request.headers['x-device-id'];
    return {
      memberId,
      deviceId: typeof device === 'string' && DEVICE_ID_RE.test(device) ? device : null,
      address: addressKey(request.ip),
    };
  }

  app.get(
    `${BASE}/gallery/series`,
    {
      schema: {
        tags,
        summary: "A game's picture series, most viewed first; q matches the name or its initials",
        querystring: Type.Object({
          gameId: GameId,
          q: Type.Optional(Type.String({ maxLength: 20 })),
          ...paging(60, GALLERY_SERIES_PAGE_SIZE),
        }),
        response: { 200: EnvelopeSchema(SeriesPageSchema), ...PublicErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return ok(await g.seriesPage(request.query));
    },
  );

  app.get(
    `${BASE}/gallery/series/:seriesId`,
    {
      schema: {
        tags,
        summary: 'One series with the years it has issues in',
        params: SeriesParams,
        response: { 200: EnvelopeSchema(SeriesDetailSchema), ...PublicErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return ok(await g.series(request.params.seriesId));
    },
  );

  app.get(
    `${BASE}/gallery/series/:seriesId/issues`,
    {
      schema: {
        tags,
        summary: "A series' issues newest first, or with year= every issue of that year",
        params: SeriesParams,
        querystring: Type.Object({
          year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2200 })),
          ...paging(100, GALLERY_ISSUES_PAGE_SIZE),
        }),
        response: { 200: EnvelopeSchema(SeriesIssuePageSchema), ...PublicErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return ok(await g.issues(request.params.seriesId, request.query));
    },
  );

  app.get(
    `${BASE}/gallery/series/:seriesId/issues/:issue`,
    {
      schema: {
        tags,
        summary: "One issue's pictures, its neighbours and its result; counts a view",
        params: IssueParams,
        response: { 200: EnvelopeSchema(SeriesIssueSchema), ...PublicErrors },
      },
    },
    async (request, reply) => {
      // liked is this visitor's, and every view must reach us to be counted.
      reply.header('cache-control', 'no-store');
      const { seriesId, issue } = request.params;
      return ok(await g.issue(seriesId, issue, await likerOf(request)));
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: `${BASE}/gallery/series/:seriesId/issues/:issue/like`,
      schema: {
        tags,
        summary:
          method === 'PUT'
            ? 'Like an issue: once per member, or per device (x-device-id) for a visitor'
            : 'Take a like back',
        params: IssueParams,
        response: { 200: EnvelopeSchema(GalleryLikeSchema), ...Limited },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { seriesId, issue } = request.params;
        return ok(await g.like(seriesId, issue, await likerOf(request), method === 'PUT'));
      },
    });
  }

  app.get(
    `${BASE}/gallery/series/:seriesId/issues/:issue/comments`,
    {
      schema: {
        tags,
        summary: "An issue's comments, newest first, 20 a page",
        params: IssueParams,
        querystring: Type.Object({ before: Type.Optional(Id) }),
        response: { 200: EnvelopeSchema(GalleryCommentPageSchema), ...PublicErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { seriesId, issue } = request.params;
      return ok(await g.comments(seriesId, issue, request.query.before ?? null));
    },
  );

  app.post(
    `${BASE}/gallery/series/:seriesId/issues/:issue/comments`,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: MEMBER_ONLY,
        summary: "Comment on an issue (members; the chat's word rules, mutes and pace)",
        params: IssueParams,
        body: GalleryCommentInputSchema,
        response: { 200: EnvelopeSchema(GalleryCommentSchema), ...Limited },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { seriesId, issue } = request.params;
      return ok(
        await g.addComment(
          request.member!.memberId,
          seriesId,
          issue,
          request.body.text,
          addressKey(request.ip),
        ),
      );
    },
  );

  app.get(
    `${USER}/gallery-favourites`,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: MEMBER_ONLY,
        summary: "The member's favourite series, newest favourite first",
        response: { 200: EnvelopeSchema(GalleryFavouritesSchema), ...GuardedErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await g.favourites(request.member!.memberId));
    },
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: `${USER}/gallery-favourites/:seriesId`,
      onRequest: app.requireMember,
      schema: {
        tags,
        security: MEMBER_ONLY,
        summary: method === 'PUT' ? 'Favourite a series' : 'Stop favouriting a series',
        params: SeriesParams,
        response: { 200: EnvelopeSchema(GalleryFavouritesSchema), ...Limited },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(
          await g.favourite(
            request.member!.memberId,
            request.params.seriesId,
            method === 'PUT',
            addressKey(request.ip),
          ),
        );
      },
    });
  }
};

export default gallery;
