// The draw minute's hottest read, answered before the framework sees the request. Other sites poll
// the latest draw a thousand times a second at draw time; every poll went through routing, a
// dozen hooks and the route, to send the same kept bytes with the same headers (README,
// draw-time load: half of a bare server's rate at best). Here an answer a route has sent once is
// kept whole — status, every header the framework and its hooks set, the body — and sent again
// as it is to the next request that could not have been answered differently:
// - a GET for exactly the address the route offered (its canonical spelling: no other query,
//   no percent-encoding), so no validation or routing decision is skipped;
// - with only the plain headers of a poller (below): no cookie, credential, Origin, browser
//   fetch metadata or conditional, so no CORS answer, no anti-forgery cookie, no 304 and no
//   member state is at stake; anything else goes through the framework as before;
// - while the route says the answer is still the one it would send (its own check, asked on
//   every request), and the same negotiated content coding.
// Answers are counted in the access log's minute line like any other. ACCESS_LOG=all (a line per
// request) and a closing server turn it off. Only routes without a per-address limit offer.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding, type ContentCoding } from '../../lib/http.ts';
import { codingFor, type ReadyAnswer } from '../../lib/ready-answer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    readyFront: ReadyFront;
  }
}

export interface ReadyFront {
  /**
   * Called by a route just after it sent a ready answer for `address` (its canonical spelling):
   * when the request was one the front may answer, the answer as it went out is kept, and sent
   * again while `current()` holds.
   */
  offer(
    request: FastifyRequest,
    reply: FastifyReply,
    sent: { address: string; answer: ReadyAnswer; current: () => boolean },
  ): void;
  /** Answers sent by the front so far (the tests read it). */
  readonly served: number;
}

/**
 * The headers a request may carry and still be answered by the front: what an HTTP client,
 * a proxy or a CDN in front says about itself and what it accepts. None of them changes a
 * kept answer (the coding is negotiated here, and a page's `accept` is refused below).
 */
const PLAIN = new Set([
  'host',
  'connection',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'pragma',
  'via',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
]);
/** Distinct addresses kept at most: routes offer canonical addresses only, so this is a backstop. */
const MAX_ADDRESSES = 256;
const CODINGS: ContentCoding[] = ['br', 'gzip'];

interface Kept {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  current: () => boolean;
}

/** Whether the request could not have been answered differently from a kept one. */
function plain(request: IncomingMessage): boolean {
  if (request.method !== 'GET') return false;
  const headers = request.headers;
  for (const name in headers) if (!PLAIN.has(name)) return false;
  const accept = headers.accept;
  return typeof accept !== 'string' || !accept.includes('text/html');
}

export default fp(
  async (app) => {
    const kept = new Map<string, Partial<Record<ContentCoding, Kept>>>();
    let open = app.config.accessLog !== 'all';
    let served = 0;

    /** Sends a kept answer; false when the request is the framework's. */
    function answer(request: IncomingMessage, response: ServerResponse): boolean {
      if (!open) return false;
      const url = request.url;
      const byCoding = url === undefined ? undefined : kept.get(url);
      if (byCoding === undefined || !plain(request)) return false;
      const entry = byCoding[pickEncoding(request.headers['accept-encoding'], CODINGS)];
      if (entry === undefined) return false;
      if (!entry.current()) {
        kept.delete(url!);
        return false;
      }
      const started = performance.now();
      response.writeHead(200, entry.headers);
      response.end(entry.body);
      served += 1;
      app.accessMinute.add(200, performance.now() - started);
      return true;
    }

    // Fastify gives the server one request listener, its own; the front goes before it. If that
    // ever changes, the front stays out rather than risk a request answered twice.
    const server = app.server;
    const listeners = server.listeners('request');
    if (listeners.length === 1) {
      const framework = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;
      server.removeListener('request', framework);
      server.on(
        'request',
        function front(this: unknown, req: IncomingMessage, res: ServerResponse) {
          if (!answer(req, res)) framework.call(this, req, res);
        },
      );
    } else {
      open = false;
      app.log.warn({ listeners: listeners.length }, 'ready front not installed');
    }
    app.addHook('preClose', async () => {
      open = false;
      kept.clear();
    });

    const front: ReadyFront = {
      offer(request, reply, { address, answer, current }) {
        if (!open || request.url !== address || !plain(request.raw)) return;
        // Only an answer that went out whole, as the framework made it, is kept.
        if (!reply.sent || reply.statusCode !== 200 || !reply.raw.headersSent) return;
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) headers[name] = value;
        }
        if (headers['set-cookie'] !== undefined) return;
        if (!kept.has(address) && kept.size >= MAX_ADDRESSES) return;
        const coding = pickEncoding(request.headers['accept-encoding'], CODINGS);
        const byCoding = kept.get(address) ?? {};
        byCoding[coding] = {
          headers,
          body: answer.body(codingFor(request, answer)),
          current,
        };
        kept.set(address, byCoding);
      },
      get served() {
        return served;
      },
    };
    app.decorate('readyFront', front);
  },
  { name: 'ready-front', dependencies: ['config', 'access-log'] },
);
