import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { INLINE_SCRIPT_SOURCES } from '../../services/page-start.ts';

/** Origins the page may open sockets to, beyond the blanket ws:/wss: schemes. */
function liveSources(hosts: string[]): string[] {
  return hosts.flatMap((h) => (/^wss?:\/\//.test(h) ? [h] : [`wss://${h}`, `ws://${h}`]));
}

export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const staticHost = config.staticHost ? [new URL(config.staticHost).origin] : [];
  return {
    defaultSrc: ["'self'"],
    // The runtime config is a JSON data block, not a script; the two inline scripts (theme,
    // start of a server-rendered page) are allowed by their hashes alone.
    scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
    // antd-mobile and the startup loader set inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...staticHost],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...staticHost, ...liveSources(config.liveHosts)],
    // Live streams come from third-party HLS hosts; hls.js feeds them through blob: URLs.
    mediaSrc: ["'self'", 'blob:', 'https:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        // No upgrade-insecure-requests: plain-http installs (LAN, localhost) must keep working.
        directives: contentSecurityPolicy(app.config),
      },
      // Same-origin by default; /sys-upload relaxes it for a separate static host.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
