// Double-submit anti-forgery token (docs/architecture.md §4). The cookie is readable by the page (axios copies
// it into X-XSRF-TOKEN); the HMAC stops a sibling subdomain from planting a token of its choosing.
import { createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { boundedCache } from '../../lib/bounded-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { isReservedPath } from '../../lib/http.ts';
import { cookiesOf } from '../../lib/request-cookies.ts';
import { routeConfig } from '../../lib/route-config.ts';
import { privately, sharedCacheable } from '../../lib/cache-control.ts';
import { allowedOrigins, originAllowed } from '../../services/live/origin.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Methods that change nothing (RFC 9110 §9.2.1); every other one, custom ones included, may. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The anti-forgery checks on demand, for routes that opt out of them by default because a
     * header token may authenticate them, and check them when a cookie does (the console).
     */
    assertNotForged: (request: FastifyRequest) => void;
  }
  interface FastifyContextConfig {
    /** false exempts a route (e.g. one authenticated only by a header token). */
    xsrf?: boolean;
    /** true: the route's answer carries a token for any client without one (the token call). */
    xsrfToken?: boolean;
  }
}

/** How many tokens known to be good are remembered (about 70 bytes each). */
export const XSRF_KNOWN_TOKENS = 10_000;

export function createXsrfTokens(secret: string, remember = XSRF_KNOWN_TOKENS) {
  const key = createSecretKey(Buffer.from(secret));
  const sign = (nonce: string) =>
    createHmac('sha256', key).update(nonce).digest('base64url').slice(0, 32);
  // A browser sends its token with every request (each of a page's files, each poll), and its
  // check was an HMAC each time. Only tokens that passed it (or that we minted) are kept, so what
  // a client sends cannot fill this with values of its choosing; bounded, least recent first out.
  const known = boundedCache<string, true>({
    max: remember,
    maxBytes: remember * 256,
    // Known for a while: past it a token is checked by its HMAC again, then known again.
    ttlMs: 60 * 60_000,
  });
  return {
    issue(): string {
      // Node keeps a pool of random bytes for UUIDs (122 random bits each): a first page view at
      // draw time mints one, and a call into the random source per view was a tenth of its cost.
      const nonce = randomUUID();
      const token = `${nonce}.${sign(nonce)}`;
      known.set(token, true);
      return token;
    },
    verify(token: string | undefined): boolean {
      if (!token) return false;
      if (known.get(token)) return true;
      const [nonce, sig, rest] = token.split('.');
      if (!nonce || !sig || rest !== undefined) return false;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(sig);
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      if (valid) known.set(token, true);
      return valid;
    },
  };
}

/** An Origin on the allowlist that is not the request's own host. */
function crossOriginAllowed(
  origin: string | undefined,
  host: string,
  allowed: ReadonlySet<string>,
): boolean {
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return url.host !== host.toLowerCase() && allowed.has(url.origin);
  } catch {
    return false;
  }
}

/**
 * Whether the client is a browser, the only client that keeps cookies and so the only one a
 * token is worth signing for: it says where its request comes from (Sec-Fetch-Site, sent by every
 * current browser), names its origin (any cross-origin call), already holds cookies, or asks for
 * a page (an older browser's first visit).
 * An API poller or a server-side fetch does none of these, and used to get a freshly signed
 * cookie with every answer, at the cost of an HMAC and random bytes per request. A socket
 * handshake is answered by the socket library, which sends none of our headers: a token signed
 * for it would reach no one (and would take a place among the known ones). A handshake is told by
 * its Upgrade header, which a page's own requests cannot carry (a header fetch forbids).
 */
function mayKeepCookies(request: FastifyRequest): boolean {
  const h = request.headers;
  return (
    h.upgrade === undefined &&
    (h['sec-fetch-site'] !== undefined ||
      h.origin !== undefined ||
      h.cookie !== undefined ||
      (typeof h.accept === 'string' && h.accept.includes('text/html')))
  );
}

export default fp(
  async (app) => {
    // A secret shared through the database keeps tokens valid across instances and restarts.
    const secret =
      app.config.xsrfSecret ??
      (await app.repos.meta.getOrInsert('xsrf.secret', randomBytes(32).toString('base64url')));
    const tokens = createXsrfTokens(secret);
    const allowed = allowedOrigins(app.config.allowedOrigins, []);
    const forged = () => new AppError(403, 'REQ/XSRF', '页面已过期，请刷新页面后重试');

    // A token is signed when the answer is known: an answer a shared cache (a CDN) may keep sets
    // none, so the CDN can keep it and hand it to everyone (a page, a public read, a file); a
    // browser gets its token from any other answer, or asks the token call before its first
    // state-changing call (the web app does). The cookie plugin has written its cookies by now
    // (its hook runs first): this one is added to them.
    // A shared cache must not hand one visitor's cookie to the next either: an answer that sets
    // any other cookie is kept by this browser only, whatever lifetime its route gave it.
    // (Written with `done`, as every hook run on each request: see no-nul.ts.)
    app.addHook('onSend', (request, reply, payload, done) => {
      const cc = reply.getHeader('cache-control');
      if (
        !sharedCacheable(cc) &&
        // The token call's own refusal (its limit) signs nothing, or the limit would not limit.
        (routeConfig(request).xsrfToken === true
          ? reply.statusCode === 200
          : mayKeepCookies(request)) &&
        !tokens.verify(cookiesOf(request)[XSRF_COOKIE])
      ) {
        reply.header(
          'set-cookie',
          app.serializeCookie(XSRF_COOKIE, tokens.issue(), {
            path: '/',
            sameSite: 'lax',
            httpOnly: false,
            secure: request.protocol === 'https',
          }),
        );
      }
      if (typeof cc === 'string' && reply.hasHeader('set-cookie')) {
        reply.header('cache-control', privately(cc));
      }
      done(null, payload);
    });

    /** The double-submit and origin checks of a state-changing request; throws REQ/XSRF. */
    const assertNotForged = (request: FastifyRequest): void => {
      const cookie = cookiesOf(request)[XSRF_COOKIE];
      const valid = tokens.verify(cookie);

      const header = request.headers[XSRF_HEADER];
      const origin = request.headers.origin;
      // The app build on another origin (ALLOWED_ORIGINS) cannot read our cookie. The browser's
      // Origin header, which page script cannot set, is its proof instead; the custom header it
      // must still send makes the browser ask first (CORS preflight, see cors.ts).
      if (crossOriginAllowed(origin, request.host, allowed)) {
        if (typeof header !== 'string' || header === '') throw forged();
        return;
      }
      if (!valid || typeof header !== 'string' || header !== cookie) throw forged();
      // Defence in depth behind the token: browsers say where a request comes from. Another
      // site (or a sibling subdomain, "same-site") may only call us from ALLOWED_ORIGINS.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') {
        if (!origin || !allowed.has(origin.toLowerCase())) throw forged();
      } else if (origin !== undefined && !originAllowed(origin, request.host, allowed)) {
        throw forged();
      }
    };
    app.decorate('assertNotForged', assertNotForged);

    app.addHook('onRequest', (request, _reply, done) => {
      // Decided by the route the router matched, never by the URL's spelling (`/%61pp-api/x`
      // and `/app%2Dapi/x` reach the handler of `/app-api/x`; a router or proxy of another
      // version may resolve `//` or `/./` too). Every matched route is covered unless it opts
      // out; an unmatched path under the API's namespace is refused as before.
      if (
        !SAFE.has(request.method) &&
        routeConfig(request).xsrf !== false &&
        (!request.is404 || isReservedPath(request.url))
      ) {
        try {
          assertNotForged(request);
        } catch (err) {
          done(err as Error);
          return;
        }
      }
      done();
    });
  },
  { name: 'xsrf', dependencies: ['config', 'repositories', '@fastify/cookie'] },
);
