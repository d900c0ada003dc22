// An answer that changes once a draw, kept as the bytes that go out: its JSON once, each content
// coding compressed once (on first demand), and a strong ETag per coding. Compressing a 100 KB
// chart costs more than everything else of the request; a ready answer costs a buffer write.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, pickEncoding, type ContentCoding } from './http.ts';

export interface ReadyAnswer {
  readonly etag: string;
  body(coding: ContentCoding): Buffer;
}

const TAG_SUFFIX: Record<ContentCoding, string> = { br: '-br', gzip: '-gz', identity: '' };
const tagOf = (etag: string, coding: ContentCoding) => etag.replace(/"$/, `${TAG_SUFFIX[coding]}"`);

export function readyAnswer(value: unknown): ReadyAnswer {
  const identity = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  const coded: Partial<Record<ContentCoding, Buffer>> = { identity };
  return {
    etag,
    body(coding) {
      let out = coded[coding];
      if (!out) {
        out =
          coding === 'br'
            ? brotliCompressSync(identity, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 5,
                  [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
                },
              })
            : gzipSync(identity, { level: 6 });
        coded[coding] = out;
      }
      return out;
    },
  };
}

/** Sends a ready answer as JSON: 304 to a matching If-None-Match, else the negotiated coding. */
export function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ReadyAnswer,
  cacheControl: string,
): FastifyReply {
  // Small answers are not worth a coding (as the compress plugin's threshold says).
  const coding =
    answer.body('identity').length < 1024
      ? 'identity'
      : pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
  reply
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding')
    .header('etag', tagOf(answer.etag, coding))
    .type('application/json; charset=utf-8');
  const tags = (['identity', 'br', 'gzip'] as const).map((c) => tagOf(answer.etag, c));
  if (matchesEtag(request.headers['if-none-match'], ...tags)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.send(answer.body(coding));
}
