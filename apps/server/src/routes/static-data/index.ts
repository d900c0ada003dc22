import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CompanyFileSchema,
  ConfigFileSchema,
  ErrorEnvelopeSchema,
  FiveElementsFileSchema,
  GameCenterFileSchema,
  GamesFileSchema,
  NoticeListFileSchema,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import { fail } from '../../lib/envelope.ts';
import { addVary, matchesEtag, pickEncoding } from '../../lib/http.ts';
import { DATA_CACHE } from '../../lib/cache-control.ts';
import { API_ANSWERS } from '../../plugins/external/helmet.ts';
import type { StaticFile } from '../../services/pages/static-files.ts';
import type { ContentCoding } from '../../lib/http.ts';

export const DATA_PREFIX = '/sys-upload/data/json';

const TAG_SUFFIX: Record<ContentCoding, string> = { br: '-br', gzip: '-gz', identity: '' };
/** Each content coding is its own representation, so it gets its own strong tag. */
const variantTag = (etag: string, coding: ContentCoding) =>
  etag.replace(/"$/, `${TAG_SUFFIX[coding]}"`);

/** Data, not a document: the API's set of security headers, readable from any origin. */
const DATA_FILE_ANSWERS = {
  ...API_ANSWERS,
  crossOriginResourcePolicy: { policy: 'cross-origin' as const },
};

const Query = Type.Object({
  _t: Type.Optional(Type.String({ description: 'cache buster, ignored' })),
});
const CodeParams = Type.Object({ code: Type.String({ pattern: '^[a-z0-9_-]{1,32}$' }) });

const staticData: FastifyPluginAsyncTypebox = async (app) => {
  // Data files are public and may be fetched from a separate static host (the resource policy
  // is in the routes' security headers). Written with `done`: no promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    done();
  });

  // Not async: a built file goes out with no promise made (as latest draws do).
  function send(name: string, request: FastifyRequest, reply: FastifyReply) {
    const built = app.staticFiles.peek(name);
    if (!built) return build(name, request, reply);
    sendFile(built, request, reply);
  }
  async function build(name: string, request: FastifyRequest, reply: FastifyReply) {
    const file = await app.staticFiles.get(name);
    if (!file) return reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在'));
    return sendFile(file, request, reply);
  }
  function sendFile(file: StaticFile, request: FastifyRequest, reply: FastifyReply) {
    const available = (['br', 'gzip'] as const).filter((e) => file[e] !== undefined);
    const encoding = pickEncoding(request.headers['accept-encoding'], [...available]);
    addVary(reply, 'accept-encoding');
    reply
      .header('cache-control', DATA_CACHE)
      .header('etag', variantTag(file.etag, encoding))
      .type('application/json; charset=utf-8');
    // A client may revalidate with the tag of any representation it holds.
    const tags = [file.etag, ...available.map((e) => variantTag(file.etag, e))];
    if (matchesEtag(request.headers['if-none-match'], ...tags)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(encoding === 'identity' ? file.body : file[encoding]);
  }

  const route = (summary: string, schema: TSchema, params?: TSchema) => ({
    compress: false as const,
    helmet: DATA_FILE_ANSWERS,
    schema: {
      tags: ['static-data'],
      summary,
      querystring: Query,
      ...(params && { params }),
      response: { 200: schema, 404: ErrorEnvelopeSchema },
    },
  });

  app.get(`${DATA_PREFIX}/config.json`, route('Site settings', ConfigFileSchema), (req, reply) =>
    send('config.json', req, reply),
  );
  app.get(
    `${DATA_PREFIX}/five-elements.json`,
    route('Five-element numbers per lunar year', FiveElementsFileSchema),
    (req, reply) => send('five-elements.json', req, reply),
  );
  app.get(`${DATA_PREFIX}/games.json`, route('Games', GamesFileSchema), (req, reply) =>
    send('games.json', req, reply),
  );
  app.get(
    `${DATA_PREFIX}/game_center.json`,
    route('Game groups', GameCenterFileSchema),
    (req, reply) => send('game_center.json', req, reply),
  );
  app.get(
    `${DATA_PREFIX}/company/:code/notice_list.json`,
    route('Rolling notices of a company', NoticeListFileSchema, CodeParams),
    (req, reply) =>
      send(`company/${(req.params as { code: string }).code}/notice_list.json`, req, reply),
  );
  app.get(
    `${DATA_PREFIX}/company/:code(^[a-z0-9_-]{1,32}).json`,
    route('Company record', CompanyFileSchema, CodeParams),
    (req, reply) => send(`company/${(req.params as { code: string }).code}.json`, req, reply),
  );
};

export default staticData;
