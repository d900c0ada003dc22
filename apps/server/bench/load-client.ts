// The benches' HTTP load generator: autocannon, made to count the bytes of each answer without
// keeping its body.
//
// autocannon appends every body chunk to a string (`req.body += chunk`, autocannon issues #362
// and #485), for the `onResponse`/`expectBody` options none of our benches use. Decoding a
// compressed body (binary) as UTF-8 is slow: profiled against `/game/110` (14 KB of brotli), the
// load generator spent 59 % of its time in `Buffer#toString` and took 72 µs of CPU per answer,
// against 33 µs for the same page uncoded (70 KB of text). On a 2-core machine that CPU is taken
// from the server being measured, so the page's figure measured the load generator; and
// `bench surge`'s first visits fetch ~8,000 compressed scripts and styles a second.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

interface BodyQueue {
  prototype: { addBody(chunk: unknown): void };
}

const queue = createRequire(import.meta.url)(
  'autocannon/lib/pipelinedRequestsQueue.js',
) as BodyQueue;
// Loudly, not silently, should a new autocannon move the method: the figures would change.
if (typeof queue.prototype.addBody !== 'function') {
  throw new Error('autocannon has no PipelinedRequestsQueue#addBody: see bench/load-client.ts');
}
// The load generator's own cost, not the server's: the one patch the private-access rule allows.
// eslint-disable-next-line no-restricted-syntax -- checked above, loudly, on every run
queue.prototype.addBody = () => {};

export default autocannon;
