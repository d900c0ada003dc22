import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

// Opt-in per route (`config.rateLimit`): login and registration need it, static files do not.
export default fp(async (app) => {
  await app.register(rateLimit, { global: false });
});
