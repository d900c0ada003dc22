import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { addressKey } from '../../lib/address-key.ts';

// Opt-in per route (`config.rateLimit`): login and registration need it, static files do not.
// Counted per address as every limit is: an IPv6 visitor by its /64 (see address-key.ts).
export default fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => addressKey(request.ip),
  });
});
