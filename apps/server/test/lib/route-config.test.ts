// A route's config is read from Fastify once per request, and is the route's own.
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeConfig } from '../../src/lib/route-config.ts';
import routeConfigSlot from '../../src/plugins/app/route-config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    name?: string;
  }
}

describe('routeConfig', () => {
  it("gives each request its route's config, 404s included, reading it once", async () => {
    const app = Fastify({ logger: false });
    await app.register(routeConfigSlot);
    const seen: { name: string | undefined; same: boolean; reads: number }[] = [];
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      // Count what Fastify is asked for on this request.
      let reads = 0;
      const getter = Object.getOwnPropertyDescriptor(
        Object.getPrototypeOf(Object.getPrototypeOf(request)) as object,
        'routeOptions',
      )?.get;
      Object.defineProperty(request, 'routeOptions', {
        get() {
          reads += 1;
          return getter!.call(this) as unknown;
        },
      });
      const first = routeConfig(request);
      routeConfig(request);
      const last = routeConfig(request);
      seen.push({
        name: last.name,
        same: first === last && last === request.routeOptions.config,
        reads: reads - 1,
      });
      done();
    });
    app.get('/a', { config: { name: 'a' } }, async () => 'a');
    app.get('/b', { config: { name: 'b' } }, async () => 'b');
    await app.ready();
    for (const url of ['/a', '/b', '/nowhere', '/a']) await app.inject(url);
    expect(seen).toEqual([
      { name: 'a', same: true, reads: 1 },
      { name: 'b', same: true, reads: 1 },
      { name: undefined, same: true, reads: 1 },
      { name: 'a', same: true, reads: 1 },
    ]);
    await app.close();
  });
});
