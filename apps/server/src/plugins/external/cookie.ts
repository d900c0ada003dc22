import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

// No hook: cookies are parsed where they are read (lib/request-cookies.ts), not on every request.
// The plugin's answer hook stays: it writes the cookies a route sets.
export default fp(async (app) => {
  await app.register(cookie, { hook: false });
});
