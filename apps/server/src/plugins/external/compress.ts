import compress from '@fastify/compress';
import type { onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { addVary, pickEncoding } from '../../lib/http.ts';
import { encodeNow } from '../../lib/ready-answer.ts';

/** Answers smaller than this go as they are: a coding would save less than its headers cost. */
export const COMPRESS_THRESHOLD = 1024;

type OnSend = onSendHookHandler<unknown>;

/**
 * Whether `payload` is certainly under the threshold: a Buffer by its length, a string by its
 * length in UTF-16 units (at most three bytes each in UTF-8).
 */
export function surelySmall(payload: unknown): boolean {
  if (typeof payload === 'string') return payload.length * 3 < COMPRESS_THRESHOLD;
  return Buffer.isBuffer(payload) && payload.length < COMPRESS_THRESHOLD;
}

/**
 * A JSON or text answer up to this size is coded at once on this thread (well under a
 * millisecond); a larger one, or a stream, goes through the plugin's coder streams.
 */
export const CODE_NOW_MAX = 32 * 1024;
const TEXTUAL = /^(application\/json|text\/)/;

const hooksOf = (route: RouteOptions, name: 'onRequest' | 'onSend'): unknown[] =>
  route[name] === undefined || route[name] === null ? [] : [route[name]].flat();

// Dynamic answers only: built assets ship .br/.gz siblings and the data files cache their own.
export default fp(async (app) => {
  // A GET or HEAD has no body to inflate: its route would still run the plugin's request-body
  // hook on every request (at draw time, every poll). Before the plugin, which reads the option
  // as each route is added.
  const before = new WeakMap<RouteOptions, { onRequest: unknown[]; onSend: unknown[] }>();
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.decompress = false;
    }
    before.set(route, { onRequest: hooksOf(route, 'onRequest'), onSend: hooksOf(route, 'onSend') });
  });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  // The plugin's answer hook asks for three headers (each name lowered and looked up again), the
  // request's and a type's pattern before it looks at the size; for a small string or Buffer —
  // most JSON answers — every one of its branches sends the payload unchanged (no
  // `onUnsupportedEncoding` or `inflateIfDeflated` here). Such a payload skips it.
  // Its request hook only hands each reply a `reply.compress`, which nothing here calls: gone.
  app.addHook('onRoute', (route) => {
    // A route with options of its own (none today) keeps the plugin's hooks as they are.
    if (route.compress !== undefined) return;
    const had = before.get(route) ?? { onRequest: [], onSend: [] };
    const addedOf = (name: 'onRequest' | 'onSend') =>
      hooksOf(route, name).filter((hook) => !had[name].includes(hook));
    if (addedOf('onRequest').length !== 1 || addedOf('onSend').length !== 1) {
      throw new Error('compress: the plugin no longer adds one request and one answer hook');
    }
    route.onRequest = (
      had.onRequest.length > 0 ? had.onRequest : undefined
    ) as RouteOptions['onRequest'];
    const plugins = addedOf('onSend')[0] as OnSend;
    const sizeFirst: OnSend = function (request, reply, payload, done) {
      if (surelySmall(payload)) {
        done(null, payload);
        return;
      }
      // Each coder stream holds a few hundred KB of native memory until a collection frees it:
      // at hundreds of answers a second that made a full collection every second or two, the
      // slowest answers of a history search (docs/removed-fast-paths.md). A body in hand is
      // coded at once, its coder freed as it returns.
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (
        Buffer.isBuffer(body) &&
        body.length <= CODE_NOW_MAX &&
        reply.getHeader('content-encoding') === undefined &&
        TEXTUAL.test(String(reply.getHeader('content-type') ?? ''))
      ) {
        if (body.length < COMPRESS_THRESHOLD) {
          done(null, body);
          return;
        }
        const coding = pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
        if (coding === 'identity') {
          done(null, body);
          return;
        }
        addVary(reply, 'accept-encoding');
        reply.header('content-encoding', coding).removeHeader('content-length');
        done(null, encodeNow(body, coding));
        return;
      }
      return plugins.call(this, request, reply, payload, done);
    };
    route.onSend = [...had.onSend, sizeFirst] as RouteOptions['onSend'];
  });
});
