// CORS for the app build (DESIGN §8): its index.html comes from the device or another origin, so
// its API calls are cross-origin. Only origins on ALLOWED_ORIGINS get CORS answers, and never
// with credentials: members authenticate with the Authorization header, not cookies, so a
// cross-origin caller carries no ambient authority. The XSRF plugin accepts such a caller on its
// Origin (see xsrf.ts); the custom headers it must send force a preflight that only these
// origins pass.
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import { requestPath } from '../../lib/request-path.ts';

// The chat service too: on another origin (CHAT_URL), or read by the app build.
const PREFIXES = ['/app-api/', '/chat-api/', '/sys-upload/'];
const ALLOWED = {
  methods: 'GET, HEAD, POST, PUT, DELETE',
  allowedHeaders: 'Authorization, token, Company-Code, Content-Type, X-XSRF-TOKEN',
  exposedHeaders: 'Retry-After',
  maxAge: 600,
  credentials: false,
};

export default fp(
  async (app) => {
    const allowed = new Set(app.config.allowedOrigins.map((o) => o.toLowerCase()));
    // By the resolved path: `/%61pp-api/x` reaches the same route as `/app-api/x`.
    const wants = (url: string) => {
      const path = requestPath(url);
      return path !== null && PREFIXES.some((p) => `${path}/`.startsWith(p));
    };

    await app.register(cors, {
      // Per request: any other origin or path gets no CORS header at all (origin: false), and
      // its preflight the ordinary 404, as if CORS did not exist.
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        const ok = origin && allowed.has(origin.toLowerCase()) && wants(request.url);
        callback(null, ok ? { ...ALLOWED, origin } : { origin: false });
      },
    });
    // @fastify/cors says `Vary: Origin` on every answer once its options are chosen per request.
    // Pages and assets never carry CORS headers, and the offline worker's cache would not match
    // its copy of the page shell against a request that differs in Origin.
    // (Written with `done`, as every hook run on each request: see no-nul.ts.)
    app.addHook('onSend', (request, reply, payload, done) => {
      const vary = reply.getHeader('vary');
      if (typeof vary === 'string' && !wants(request.url)) {
        const rest = vary
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v && v.toLowerCase() !== 'origin');
        if (rest.length) reply.header('vary', rest.join(', '));
        else reply.removeHeader('vary');
      }
      done(null, payload);
    });
    // Images and data files of the API origin are read by the app's page (helmet says
    // same-origin for everyone else).
    app.addHook('onRequest', (_request, reply, done) => {
      if (reply.hasHeader('access-control-allow-origin')) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
      done();
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
