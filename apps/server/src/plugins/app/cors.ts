// CORS for the app build (DESIGN §8): its index.html comes from the device or another origin, so
// its API calls are cross-origin. Only origins on ALLOWED_ORIGINS get CORS answers, and never
// with credentials: members authenticate with the Authorization header, not cookies, so a
// cross-origin caller carries no ambient authority. The XSRF plugin accepts such a caller on its
// Origin (see xsrf.ts); the custom headers it must send force a preflight that only these
// origins pass.
import fp from 'fastify-plugin';

const PREFIXES = ['/app-api/', '/sys-upload/'];
const ALLOW_HEADERS = 'Authorization, token, Company-Code, Content-Type, X-XSRF-TOKEN';
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, DELETE';

export default fp(
  async (app) => {
    const allowed = new Set(app.config.allowedOrigins.map((o) => o.toLowerCase()));
    const wants = (url: string) => PREFIXES.some((p) => url.startsWith(p));

    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin?.toLowerCase();
      if (!origin || !allowed.has(origin) || !wants(request.url)) return;
      reply.header('access-control-allow-origin', request.headers.origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-expose-headers', 'Retry-After');
      // Images and data files of the API origin are read by the app's page.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        return reply
          .code(204)
          .header('access-control-allow-methods', ALLOW_METHODS)
          .header('access-control-allow-headers', ALLOW_HEADERS)
          .header('access-control-max-age', '600')
          .send();
      }
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
