import type { FastifyRequest } from 'fastify';

type RouteConfig = FastifyRequest['routeOptions']['config'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's config once read (routeConfig()); null before. */
    routeConfigRead: FastifyRequest['routeOptions']['config'] | null;
  }
}

/**
 * The config of the route that answers `request`. Fastify builds a new object of a dozen fields
 * for every read of `request.routeOptions`; the security headers, CORS and anti-forgery hooks each
 * read it on every request, so it is read once and kept on the request.
 */
export function routeConfig(request: FastifyRequest): RouteConfig {
  return (request.routeConfigRead ??= request.routeOptions.config);
}
