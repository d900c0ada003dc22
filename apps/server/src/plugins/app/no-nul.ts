// PostgreSQL refuses a text with a NUL character ("invalid byte sequence for encoding UTF8: 0x00")
// where SQLite stores it: any input that reaches a query with one became a 500 there (the fuzz
// found it in a path parameter). No field of ours has a use for NUL, so the whole class is
// refused here, before validation, for every route: path, query and body, at any depth.
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';

const MAX_DEPTH = 32;
const NUL_IN_URL = /%00/;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  // Uploaded files (Buffers) are bytes, not text.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  }
  return false;
}

export default fp(
  async (app) => {
    // Hooks run on every request are written with `done`: an async one costs a promise and a
    // turn of the microtask queue each, at draw time for every poll.
    app.addHook('preValidation', (request, _reply, done) => {
      // Path and query come from the URL, where a NUL can only be spelled %00 (the HTTP parser
      // refuses a raw one): one search of the URL instead of walking both on every request.
      if (NUL_IN_URL.test(request.url) || (request.body !== undefined && hasNul(request.body))) {
        done(new AppError(400, 'REQ/INVALID', '请求包含无效字符'));
        return;
      }
      done();
    });
  },
  { name: 'no-nul' },
);
