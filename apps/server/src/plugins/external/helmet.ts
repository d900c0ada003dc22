import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config.ts';
import { routeConfig } from '../../lib/route-config.ts';
import { INLINE_SCRIPT_SOURCES } from '../../services/pages/page-start.ts';

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** false: no security headers (a socket upgrade); an object: these options over the site's. */
    helmet?: false | HelmetOptions;
  }
  interface FastifyInstance {
    /** The site's set, for an answer that turns into a page after its route chose another. */
    pageSecurityHeaders: Readonly<Record<string, string>>;
    /** The origins of the games' streams (plugins/app/stream-origins.ts): pages may play them. */
    setStreamOrigins(origins: readonly string[]): void;
  }
  interface FastifyContextConfig {
    /** The route's security headers, worked out once when it is added. */
    securityHeaders?: Record<string, string> | false;
  }
}

/** Origins of the live socket's hosts (a bare hostname by either scheme). */
export function liveSources(hosts: string[]): string[] {
  return hosts.flatMap((h) => (/^wss?:\/\//.test(h) ? [h] : [`wss://${h}`, `ws://${h}`]));
}

/**
 * The pages' policy. Every origin a page may reach is named: this site's own ('self', which
 * covers its ws: and wss: too), the live socket's hosts (LIVE_HOSTS), the chat's (CHAT_URL,
 * CHAT_IMG_URL), the static host, and video: the games' stream URLs (`streams`) and VIDEO_HOSTS.
 * No scheme is allowed whole: `wss:` or `https:` would let a page talk to any host.
 */
export function contentSecurityPolicy(
  config: AppConfig,
  streams: readonly string[] = [],
): Record<string, string[]> {
  const staticHost = config.staticHost ? [new URL(config.staticHost).origin] : [];
  // A chat service on an origin of its own (CHAT_URL, CHAT_IMG_URL): the page calls it, opens
  // its socket and shows its pictures. Relative addresses are this origin already.
  const originOf = (url: string) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []);
  const chat = originOf(config.chatUrl);
  const chatSockets = chat.map((o) => o.replace(/^http/, 'ws'));
  const chatImages = originOf(config.chatImgUrl);
  // hls.js fetches a playlist and its segments (connect-src) and plays them from blob: URLs;
  // a browser playing HLS itself loads them as media.
  const video = [...new Set([...streams, ...config.videoHosts])];
  return {
    defaultSrc: ["'self'"],
    // The runtime config is a JSON data block, not a script; the two inline scripts (theme,
    // start of a server-rendered page) are allowed by their hashes alone.
    scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
    // antd-mobile and the startup loader set inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...staticHost, ...chat, ...chatImages],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      ...staticHost,
      ...liveSources(config.liveHosts),
      ...chat,
      ...chatSockets,
      ...video,
    ],
    mediaSrc: ["'self'", 'blob:', ...staticHost, ...video],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The headers helmet sets for `options`, found by running its middleware once on a stand-in
 * response. The headers depend on the options only (no nonces here), so every answer can take
 * the same ones: @fastify/helmet builds helmet's middleware again on every request, parsing the
 * whole policy each time, which cost more than a whole draw answer (README, design notes).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const out: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      out[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete out[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return out;
}

/**
 * The JSON calls' namespaces: never a document, never a worker's script. (Routes outside them
 * that answer no documents either — data files, hashed assets — name API_ANSWERS themselves.)
 */
const API_PREFIXES = ['/app-api/', '/chat-api/'];
/** …but for the API's reference, a page with its own scripts and styles. */
const API_DOCS = '/app-api/docs';
export const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) && !url.startsWith(API_DOCS);

/**
 * The headers of an answer that is not a document (a JSON call, a data file, a script, style,
 * font or picture): those a browser honours on such a response (OWASP's REST list: nosniff,
 * HSTS, framing refused, and a policy that lets nothing load should it be opened as a page:
 * stricter than the site's), plus the resource policy. The document-only ones (opener policy,
 * agent cluster, referrer, DNS prefetch, IE's download and XSS switches, Flash's cross-domain
 * files) are read from pages alone. Each header is validated, copied and sent per answer: the
 * full page set tripled the bytes of a small answer and cost a quarter of a bare server's
 * throughput (README, draw-time load).
 */
export const API_ANSWERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

export default fp(
  async (app) => {
    let streams: readonly string[] = [];
    const site = (): HelmetOptions => ({
      contentSecurityPolicy: {
        useDefaults: false,
        // No upgrade-insecure-requests: plain-http installs (LAN, localhost) must keep working.
        directives: contentSecurityPolicy(app.config, streams),
      },
      // Same-origin by default; /sys-upload relaxes it for a separate static host.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    // Changed in place when the streams change: every holder of it sees the new policy.
    const siteHeaders = securityHeaders(site());
    const apiHeaders = securityHeaders(API_ANSWERS);
    /** Routes with options of their own over the site's, to work out again with it. */
    const own: {
      config: { securityHeaders?: Record<string, string> | false };
      helmet: HelmetOptions;
    }[] = [];
    app.decorate('pageSecurityHeaders', siteHeaders);
    app.decorate('setStreamOrigins', (origins: readonly string[]) => {
      const next = [...new Set(origins)].sort();
      if (next.join(' ') === streams.join(' ')) return;
      streams = next;
      const fresh = securityHeaders(site());
      for (const name of Object.keys(siteHeaders)) delete siteHeaders[name];
      Object.assign(siteHeaders, fresh);
      for (const r of own) {
        r.config.securityHeaders = securityHeaders({ ...site(), ...r.helmet } as HelmetOptions);
      }
    });
    // Routes with options of their own (a few, fixed at start-up) get theirs worked out once.
    app.addHook('onRoute', (route) => {
      if (route.helmet === undefined) {
        if (isApiPath(route.url ?? route.path ?? '')) {
          route.config = Object.assign(route.config ?? {}, { securityHeaders: apiHeaders });
        }
        return;
      }
      const config = Object.assign(route.config ?? {}, {});
      route.config = config;
      if (route.helmet === false) {
        config.securityHeaders = false;
        return;
      }
      own.push({ config, helmet: route.helmet });
      config.securityHeaders = securityHeaders({ ...site(), ...route.helmet } as HelmetOptions);
    });
    app.addHook('onRequest', (request, reply, done) => {
      const headers = routeConfig(request).securityHeaders;
      if (headers !== false) reply.headers(headers ?? siteHeaders);
      done();
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
