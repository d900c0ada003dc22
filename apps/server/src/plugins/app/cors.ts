// CORS for the app build (DESIGN §8): its index.html comes from the device or another origin, so
// its API calls are cross-origin. Only origins on ALLOWED_ORIGINS get CORS answers, and never
// with credentials: members authenticate with the Authorization header, not cookies, so a
// cross-origin caller carries no ambient authority. The XSRF plugin accepts such a caller on its
// Origin (see xsrf.ts); the custom headers it must send force a preflight that only these
// origins pass.
import cors from '@fastify/cors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addVary } from '../../lib/http.ts';
import { requestPath } from '../../lib/request-path.ts';
import { routeConfig } from '../../lib/route-config.ts';
import { captureRequestHooks, takeHook } from '../../lib/route-hooks.ts';

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
    /**
     * Whether CORS applies to the route, worked out once when it is added (undefined: a route
     * that may answer paths in and out of it, such as a fallback; decided per request).
     */
    corsScope?: boolean;
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
      const scope = corsScope(route.url ?? route.path ?? '');
      // A copy: routes may share one options object, and two of them may differ in scope.
      if (scope !== undefined) route.config = { ...route.config, corsScope: scope };
    });

    // The plugin works out its options for every request (two object spreads, closures, the Vary
    // header parsed and rewritten), though nearly every request is a page, a file or a poll with
    // no Origin, which has no CORS answer to get. It runs only for an Origin on a CORS path.
    const hooks = await captureRequestHooks(app, () =>
      app.register(cors, {
        delegator: (request, callback) => {
          const origin = request.headers.origin;
          callback(
            null,
            origin && allowed.has(origin.toLowerCase())
              ? { ...ALLOWED, origin }
              : { origin: false },
          );
        },
      }),
    );
    const runCors = takeHook<
      (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void
    >(hooks, 'onRequest');

    // (Written with `done`, as every hook run on each request: see no-nul.ts.)
    app.addHook('onRequest', (request, reply, done) => {
      // Decided by the route the router matched where it can be (a 404 or a fallback: the path).
      if (!(routeConfig(request).corsScope ?? wants(request.url))) {
        // Pages and assets say nothing of Origin: the offline worker's cache would not match its
        // copy of the page shell against a request that differs in it.
        done();
        return;
      }
      if (request.headers.origin === undefined) {
        addVary(reply, 'Origin');
        done();
        return;
      }
      runCors(request, reply, (err) => {
        // Images and data files of the API origin are read by the app's page (helmet says
        // same-origin for everyone else).
        if (!err && reply.hasHeader('access-control-allow-origin')) {
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
        done(err);
      });
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
