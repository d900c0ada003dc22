import net, { BlockList } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cidrOf } from '../../config.ts';
import { isRendererCall } from '../../lib/renderer-calls.ts';

// Per address: the heavy reads share one lane (lib/heavy-lane.ts), so one visitor's share of it
// is bounded here. Generous for a person scrolling; an export is a file a minute apart. The
// server renderer's own calls (lib/renderer-calls.ts) are made for every visitor, not by one, so
// they are not counted.

/** The route config of a read that an address may make `max` times a minute. */
export function readQuota(app: FastifyInstance) {
  // Addresses an operator exempts from these quotas (READ_LIMIT_EXEMPT).
  const exempt = new BlockList();
  for (const entry of app.config.readLimitExempt) {
    const [address, prefix, family] = cidrOf(entry)!;
    exempt.addSubnet(address, prefix, family);
  }
  function isExempt(ip: string): boolean {
    if (app.config.readLimitExempt.length === 0) return false;
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    if (v4) return exempt.check(v4, 'ipv4');
    const family = net.isIP(ip);
    return family !== 0 && exempt.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }
  return (max: number) => ({
    rateLimit: {
      max,
      timeWindow: 60_000,
      allowList: (request: FastifyRequest) => isRendererCall(request) || isExempt(request.ip),
    },
  });
}
