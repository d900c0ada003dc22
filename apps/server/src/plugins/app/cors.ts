// CORS for the app build (docs/architecture.md §8): its index.html comes from the device or another origin, so
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a route out of the CORS paths, which @fastify/cors leaves alone (set when added). */
    cors?: false;
  }
}

/** Whether a path is one CORS applies to. */
const underPrefix = (path: string) => PREFIXES.some((p) => `${path}/`.startsWith(p));

/** Whether CORS applies to a route's path, or undefined when its pattern reaches both sides. */
export function corsScope(url: string): boolean | undefined {
  if (underPrefix(url)) return true;
  // A parameter or wildcard before the prefixes' end may stand for one of them.
  const open = url.search(/[:*]/);
  if (open >= 0 && PREFIXES.some((p) => p.startsWith(url.slice(0, open)))) return undefined;
  return false;
}

export default fp(
  async (app) => {
    const allowed = new Set(app.config.allowedOrigins.map((o) => o.toLowerCase()));
    // By the resolved path: `/%61pp-api/x` reaches the same route as `/app-api/x`.
    const wants = (url: string) => underPrefix(requestPath(url));
    app.addHook('onRoute', (route) => {
      // Such a route's answers say nothing of Origin (no Vary either): the offline worker's cache
      // would not match its copy of the page shell against a request that differs in it. A route
      // that may answer paths on both sides (the preflight's own) is decided per request.
      // A copy: routes may share one options object, and two of them may differ in scope.
      if (corsScope(route.url ?? route.path ?? '') === false) {
        route.config = { ...route.config, cors: false };
      }
    });
    await app.register(cors, {
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        callback(
          null,
          origin && allowed.has(origin.toLowerCase()) && wants(request.url)
            ? { ...ALLOWED, origin }
            : { origin: false },
        );
      },
    });
    // After the plugin's hook: images and data files of the API origin are read by the app's
    // page (helmet says same-origin for everyone else).
    app.addHook('onRequest', (_request, reply, done) => {
      if (reply.hasHeader('access-control-allow-origin')) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
      done();
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
