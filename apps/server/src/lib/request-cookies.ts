import type { FastifyRequest } from 'fastify';

type Cookies = FastifyRequest['cookies'];

/**
 * The request's cookies, parsed on first read. The cookie plugin would parse them on every
 * request and give every reply a map for the cookies it sets, though a poller sends none and is
 * set none (plugins/external/cookie.ts turns that off); a route or hook that reads a cookie asks
 * here, and the plugin still makes the map when a route sets one.
 */
export function cookiesOf(request: FastifyRequest): Cookies {
  const parsed = request.cookies as Cookies | null;
  if (parsed !== null) return parsed;
  const header = request.headers.cookie;
  request.cookies = header ? request.server.parseCookie(header) : {};
  return request.cookies;
}
