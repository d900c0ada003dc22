// With the server's optimizeEmptyRequests (app.ts), a request that announces no body (neither
// Content-Length nor Transfer-Encoding) arrives with its stream already ended, and that stream
// never emits 'end'. A body parser reads the stream whenever the request names a Content-Type
// (a POST with `Content-Type: application/json` and nothing after the headers): it would wait
// for that 'end' until the request timeout, where the same request was answered at once before
// (400, empty body). Such a request's parsers get an empty stream instead, as Node gave them.
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    // Written with `done` and decided from the headers alone: it runs on every request that
    // reaches the framework, GETs included (a global hook is the one that covers 404s too).
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const headers = request.headers;
      if (
        headers['content-type'] !== undefined &&
        headers['content-length'] === undefined &&
        headers['transfer-encoding'] === undefined &&
        payload.readableEnded
      ) {
        done(null, Readable.from([]));
        return;
      }
      done(null, payload);
    });
  },
  { name: 'empty-body' },
);
