import fp from 'fastify-plugin';

// Every request has the slot lib/route-config.ts keeps its route's config in.
export default fp(
  async (app) => {
    app.decorateRequest('routeConfigRead', null);
  },
  { name: 'route-config' },
);
