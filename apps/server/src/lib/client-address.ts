import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** The one key every per-address limit counts under (an IPv6 visitor by its /64). */
export { addressKey } from './address-key.ts';

/** TRUST_PROXY as configured: off, every hop, a hop count, or the proxies' IPs/CIDRs. */
export type TrustProxy = boolean | number | string[];
type TrustHop = (address: string, hop: number) => boolean;

/**
 * What the framework is given as its `trustProxy`. A hop count goes as a function: the framework
 * reads a bare number as "trust no hop" (it cannot check the nearest peer), while TRUST_PROXY=1
 * means the one proxy in front of us, as nginx's own setting does.
 */
export function frameworkTrust(trust: TrustProxy): boolean | string[] | TrustHop {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface ClientAddress {
  /** The client's address, as the framework's `request.ip` gives it. */
  ip(request: IncomingMessage): string | undefined;
  /** The host the request was sent to, as the framework's `request.host` gives it. */
  host(request: IncomingMessage): string;
}

const lastEntry = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();
const hostHeader = (request: IncomingMessage): string =>
  request.headers.host ?? (request.headers[':authority'] as string | undefined) ?? '';

/**
 * The client's address and host for code that answers a request before the framework has made
 * its request object (the live socket's upgrade), worked out by the framework's own rules for the
 * same TRUST_PROXY, so a limit counts the same visitor either way.
 */
export function clientAddress(trust: TrustProxy): ClientAddress {
  const option = frameworkTrust(trust);
  if (option === false) {
    return { ip: (request) => request.socket.remoteAddress, host: hostHeader };
  }
  const trusted: TrustHop =
    option === true
      ? () => true
      : typeof option === 'function'
        ? option
        : proxyAddr.compile(option);
  return {
    ip(request) {
      const all = proxyAddr.all(request, trusted);
      return all[all.length - 1];
    },
    host(request) {
      const forwarded = request.headers['x-forwarded-host'];
      const peer = request.socket.remoteAddress;
      // Node joins a repeated X-Forwarded-Host into one string (only Set-Cookie stays a list).
      if (
        typeof forwarded === 'string' &&
        forwarded !== '' &&
        peer !== undefined &&
        trusted(peer, 0)
      ) {
        return lastEntry(forwarded);
      }
      return hostHeader(request);
    },
  };
}
