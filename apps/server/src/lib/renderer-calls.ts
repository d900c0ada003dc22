import type { FastifyRequest } from 'fastify';

/**
 * The address the server renderer's calls come from: it answers the web app's calls through
 * app.inject (plugins/app/web-app.ts), made for every visitor rather than by one. The unspecified
 * address is no TCP peer's, so a request from it is one of those calls.
 */
export const RENDERER_ADDRESS = '0.0.0.0';

/** One of the server renderer's own calls (its socket is the injected one, not a peer's). */
export function isRendererCall(request: FastifyRequest): boolean {
  return request.socket.remoteAddress === RENDERER_ADDRESS;
}
