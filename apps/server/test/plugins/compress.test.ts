// The compression plugin's answer hook is skipped for a payload certainly under its threshold,
// and a JSON or text body in hand is coded at once; every answer stays what the plugin itself
// makes of it.
import zlib from 'node:zlib';
import rawCompress from '@fastify/compress';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compress, {
  CODE_NOW_MAX,
  COMPRESS_THRESHOLD,
  surelySmall,
} from '../../src/plugins/external/compress.ts';

const CHARS = { ascii: 'a', cjk: '开', emoji: '🎱' } as const;
type Kind = keyof typeof CHARS | 'buffer';

/** A payload of `n` characters (or bytes), sent as `type`. */
function payloadOf(kind: Kind, n: number): string | Buffer {
  if (kind === 'buffer') return Buffer.alloc(n, 0x62);
  return CHARS[kind].repeat(kind === 'emoji' ? Math.ceil(n / 2) : n);
}

async function appWith(plugin: 'ours' | 'plugin'): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  if (plugin === 'ours') await app.register(compress);
  else
    await app.register(rawCompress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  app.get<{ Querystring: { kind: Kind; n: string; type: string } }>(
    '/p',
    async (request, reply) => {
      const { kind, n, type } = request.query;
      return reply.type(type).send(payloadOf(kind, Number(n)));
    },
  );
  await app.ready();
  return app;
}

const decoded = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body)
    : encoding === 'gzip'
      ? zlib.gunzipSync(body)
      : body;

describe('compression of small answers', () => {
  let ours: FastifyInstance;
  let plugin: FastifyInstance;
  beforeAll(async () => {
    [ours, plugin] = await Promise.all([appWith('ours'), appWith('plugin')]);
  });
  afterAll(async () => {
    await Promise.all([ours.close(), plugin.close()]);
  });

  it('calls a string small only when its UTF-8 bytes are under the threshold', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 1_200 }), (s) => {
        if (surelySmall(s)) expect(Buffer.byteLength(s)).toBeLessThan(COMPRESS_THRESHOLD);
      }),
      { numRuns: 500 },
    );
    expect(surelySmall('开'.repeat(341))).toBe(true);
    expect(surelySmall('a'.repeat(342))).toBe(false);
    expect(surelySmall(Buffer.alloc(COMPRESS_THRESHOLD - 1))).toBe(true);
    expect(surelySmall(Buffer.alloc(COMPRESS_THRESHOLD))).toBe(false);
  });

  it('answers every payload as the plugin alone does, codings and headers included', async () => {
    const sizes = fc.oneof(
      fc.integer({ min: 0, max: 1_500 }),
      fc.constantFrom(340, 341, 342, 343, 511, 512, 1_023, 1_024, 1_025),
      // Coded at once up to CODE_NOW_MAX bytes, by the plugin's streams past it.
      fc.constantFrom(20_000, CODE_NOW_MAX - 1, CODE_NOW_MAX, CODE_NOW_MAX + 1),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Kind>('ascii', 'cjk', 'emoji', 'buffer'),
        sizes,
        fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'image/png'),
        fc.constantFrom('', 'br', 'gzip', 'gzip, br', 'identity', 'deflate'),
        async (kind, n, type, acceptEncoding) => {
          const request = {
            url: '/p',
            query: { kind, n: String(n), type },
            headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
          };
          const [a, b] = await Promise.all([ours.inject(request), plugin.inject(request)]);
          const { date: _a, ...headersA } = a.headers;
          const { date: _b, ...headersB } = b.headers;
          expect(a.statusCode).toBe(b.statusCode);
          const encoding = b.headers['content-encoding'] as string | undefined;
          if (encoding === undefined) expect(headersA).toEqual(headersB);
          else {
            // Compressed bytes may differ in length from run to run of the encoder's state, and
            // a body coded at once goes with its length where the plugin's stream goes chunked.
            const framing = { 'content-length': 0, 'transfer-encoding': 0 };
            expect({ ...headersA, ...framing }).toEqual({ ...headersB, ...framing });
            if (a.headers['transfer-encoding'] === undefined)
              expect(Number(a.headers['content-length'])).toBe(a.rawPayload.length);
          }
          expect(decoded(encoding, a.rawPayload)).toEqual(decoded(encoding, b.rawPayload));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves a route no request hook of its own, and the plugin one answer hook', async () => {
    const app = Fastify({ logger: false });
    await app.register(compress);
    app.get('/p', async () => 'p');
    await app.ready();
    const hooks = app.printRoutes({ includeHooks: true, commonPrefix: false });
    const get = hooks.slice(hooks.indexOf('(GET)'), hooks.indexOf('(HEAD)'));
    expect(get).not.toContain('(onRequest)');
    expect(get).toContain('• (onSend) ["sizeFirst()"]');
    await app.close();
  });

  it('skips the plugin hook for a small payload and runs it for a large one', async () => {
    // The plugin's hook asks for three headers before anything else: count what is asked,
    // against the same app without it.
    const counted = async (withCompress: boolean) => {
      const app = Fastify({ logger: false });
      let asked = 0;
      app.addHook('onRequest', (_request, reply, done) => {
        const getHeader = reply.getHeader;
        reply.getHeader = function (this: typeof reply, name: string) {
          asked += 1;
          return getHeader.call(this, name);
        } as typeof reply.getHeader;
        done();
      });
      if (withCompress) await app.register(compress);
      app.get<{ Querystring: { n: string } }>('/p', async (request) => ({
        text: 'x'.repeat(Number(request.query.n)),
      }));
      await app.ready();
      const answer = async (n: number) => {
        asked = 0;
        const res = await app.inject({ url: `/p?n=${n}`, headers: { 'accept-encoding': 'br' } });
        return { asked, encoding: res.headers['content-encoding'] };
      };
      return { answer, close: () => app.close() };
    };
    const [withIt, without] = await Promise.all([counted(true), counted(false)]);
    try {
      const small = await withIt.answer(100);
      expect(small.encoding).toBeUndefined();
      expect(small.asked).toBe((await without.answer(100)).asked);
      const large = await withIt.answer(5_000);
      expect(large.encoding).toBe('br');
      expect(large.asked).toBeGreaterThanOrEqual((await without.answer(5_000)).asked + 3);
    } finally {
      await Promise.all([withIt.close(), without.close()]);
    }
  });
});
