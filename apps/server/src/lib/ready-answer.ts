// An answer that changes once a draw, kept as the bytes that go out: its body once, each content
// coding compressed once (on first demand), and a strong ETag per coding. Compressing a 100 KB
// chart or a 70 KB page costs more than everything else of the request; a ready answer costs a
// buffer write.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary, matchesEtag, pickEncoding, type ContentCoding } from './http.ts';

export interface ReadyAnswer {
  readonly etag: string;
  readonly type: string;
  /** Length of the uncoded body (what a cache that keeps the answer counts it by). */
  readonly bytes: number;
  body(coding: ContentCoding): Buffer;
  /** The tag of one coding's bytes (worked out once). */
  tag(coding: ContentCoding): string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
/** Small answers are not worth a coding (as the compress plugin's threshold says). */
const MIN_CODED_BYTES = 1024;

const TAG_SUFFIX: Record<ContentCoding, string> = { br: '-br', gzip: '-gz', identity: '' };
const tagOf = (etag: string, coding: ContentCoding) => etag.replace(/"$/, `${TAG_SUFFIX[coding]}"`);

export const strongTag = (bytes: Buffer | string) =>
  `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;

/** Ready bytes of any type; `etag` when the caller has one already (it must change with them). */
export function readyBytes(
  identity: Buffer,
  type: string,
  etag = strongTag(identity),
  /** Codings made already (a build's precompressed files): used as they are. */
  precoded: Partial<Record<ContentCoding, Buffer>> = {},
): ReadyAnswer {
  const coded: Partial<Record<ContentCoding, Buffer>> = { ...precoded, identity };
  const tags: Record<ContentCoding, string> = {
    identity: tagOf(etag, 'identity'),
    br: tagOf(etag, 'br'),
    gzip: tagOf(etag, 'gzip'),
  };
  return {
    etag,
    type,
    bytes: identity.length,
    tag: (coding) => tags[coding],
    body(coding) {
      let out = coded[coding];
      if (!out) {
        out = coding === 'identity' ? identity : encodeNow(identity, coding);
        coded[coding] = out;
      }
      return out;
    },
  };
}

/**
 * One coding of a body, made at once on this thread: a one-shot call frees its coder when it
 * returns, where a coder stream's native memory waits for a garbage collection (see
 * plugins/external/compress.ts).
 */
export function encodeNow(identity: Buffer, coding: 'br' | 'gzip'): Buffer {
  return coding === 'br'
    ? brotliCompressSync(identity, brotliOptions(identity))
    : gzipSync(identity, GZIP_OPTIONS);
}

const brotliOptions = (identity: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
  },
});
const GZIP_OPTIONS = { level: 6 };
const brotliInPool = promisify(brotliCompress);
const gzipInPool = promisify(gzip);

/** Ready bytes with both codings made at once in zlib's pool, off the thread that answers. */
export async function readyBytesCoded(
  identity: Buffer,
  type: string,
  etag = strongTag(identity),
): Promise<ReadyAnswer> {
  const [br, gz] = await Promise.all([
    brotliInPool(identity, brotliOptions(identity)),
    gzipInPool(identity, GZIP_OPTIONS),
  ]);
  return readyBytes(identity, type, etag, { br, gzip: gz });
}

export function readyAnswer(value: unknown): ReadyAnswer {
  return readyBytes(Buffer.from(JSON.stringify(value)), JSON_TYPE);
}

/** A large answer (a chart): compressed in zlib's pool, never on the thread that answers. */
export function readyAnswerCoded(value: unknown): Promise<ReadyAnswer> {
  return readyBytesCoded(Buffer.from(JSON.stringify(value)), JSON_TYPE);
}

export interface SendReadyOptions {
  cacheControl: string;
  /** Status of a full answer (a page with no screen goes out as 404); a match is still 304. */
  status?: number;
}

/** The coding a ready answer goes out in to this request. */
export function codingFor(request: FastifyRequest, answer: ReadyAnswer): ContentCoding {
  return answer.body('identity').length < MIN_CODED_BYTES
    ? 'identity'
    : pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
}

/**
 * Sends a ready answer: 304 to a matching If-None-Match, else the negotiated coding. The body is
 * sent already coded, so the compress plugin leaves it alone.
 */
export function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ReadyAnswer,
  options: SendReadyOptions | string,
): FastifyReply {
  const { cacheControl, status = 200 } =
    typeof options === 'string' ? { cacheControl: options } : options;
  const coding = codingFor(request, answer);
  addVary(reply, 'accept-encoding');
  reply.header('cache-control', cacheControl).type(answer.type);
  // Only a full answer is validated: a 404 page must not turn into a 304 that a cache keeps.
  if (status === 200) {
    reply.header('etag', answer.tag(coding));
    const asked = request.headers['if-none-match'];
    if (
      asked !== undefined &&
      matchesEtag(asked, answer.tag('identity'), answer.tag('br'), answer.tag('gzip'))
    ) {
      return reply.code(304).send();
    }
  }
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.code(status).send(answer.body(coding));
}
