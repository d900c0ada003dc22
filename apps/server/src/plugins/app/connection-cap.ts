// Open TCP connections per client address, counted at the socket: for deployments without a
// proxy in front, where one address could otherwise hold thousands of idle or half-sent
// connections and exhaust the process's descriptors. Live sockets are connections too (their own
// cap, LIVE_MAX_CONNECTIONS_PER_IP, is lower). Connections from a trusted proxy are not counted:
// they carry many visitors, and the per-address limits behind them use X-Forwarded-For.
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { Socket } from 'node:net';
import type { AppConfig } from '../../config.ts';
import { addressKey } from '../../lib/address-key.ts';

const WARN_EVERY_MS = 60_000;

/** Whether a peer is a proxy TRUST_PROXY trusts (a hop count trusts whoever connects). */
export function trustedPeer(trust: AppConfig['trustProxy']): (address: string) => boolean {
  if (trust === false) return () => false;
  if (trust === true || typeof trust === 'number') return () => trust === true || trust > 0;
  const ranges = trust.map((entry) => {
    const [ip, bits] = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : [ipaddr.parse(entry), entry.includes(':') ? 128 : 32];
    const v4 = ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress();
    return v4
      ? ([(ip as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)] as const)
      : ([ip, bits] as const);
  });
  return (address) => {
    let ip: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      ip = ipaddr.process(address);
    } catch {
      return false;
    }
    return ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
  };
}

/**
 * Open connections by address key: `open` answers the key it counted under, or null when that
 * key already holds `max` (the caller cuts the socket); `close` gives the place back.
 */
export function connectionCounter(max: number) {
  const open = new Map<string, number>();
  return {
    open(address: string): string | null {
      const key = addressKey(address);
      const n = open.get(key) ?? 0;
      if (n >= max) return null;
      open.set(key, n + 1);
      return key;
    },
    close(key: string): void {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    },
  };
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const max = config.http.maxConnectionsPerIp;
    if (max === 0) return;
    const trusted = trustedPeer(config.trustProxy);
    const counter = connectionCounter(max);
    let warnedAt = -Infinity;

    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address || trusted(address)) return;
      const key = counter.open(address);
      if (key === null) {
        // Cut before a byte is read: an answer would cost what the cap is there to save.
        socket.destroy();
        const now = Date.now();
        if (now - warnedAt > WARN_EVERY_MS) {
          warnedAt = now;
          app.log.warn(
            { address: addressKey(address), max },
            'connection cap reached for an address',
          );
        }
        return;
      }
      socket.once('close', () => counter.close(key));
    });
  },
  { name: 'connection-cap' },
);
