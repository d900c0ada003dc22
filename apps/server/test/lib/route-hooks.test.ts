import Fastify from 'fastify';
import type { FastifyPluginCallback, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { addRouteHooks, captureRequestHooks, takesBody } from '../../src/lib/route-hooks.ts';

/** A plugin that hooks every request and also watches routes being added. */
const counting = (seen: string[]): FastifyPluginCallback =>
  fp((app, _opts, done) => {
    app.addHook('onRequest', (request, _reply, next) => {
      seen.push(`onRequest ${request.url}`);
      next();
    });
    app.addHook('onResponse', async (request) => {
      seen.push(`onResponse ${request.url}`);
    });
    app.addHook('onRoute', (route) => void seen.push(`route ${route.url}`));
    done();
  });

describe('request hooks taken from a plugin', () => {
  it('runs them only on the routes given them, and keeps the plugin’s other hooks', async () => {
    const seen: string[] = [];
    const app = Fastify({ logger: false });
    const hooks = await captureRequestHooks(app, () => app.register(counting(seen)));
    expect(hooks.map(([name]) => name)).toEqual(['onRequest', 'onResponse']);
    app.addHook('onRoute', (route) => {
      if (takesBody(route)) addRouteHooks(route, hooks);
    });
    app.get('/read', async () => 'r');
    app.post('/write', async () => 'w');
    await app.ready();

    expect(seen).toEqual(['route /read', 'route /read', 'route /write']); // GET adds its HEAD
    seen.length = 0;
    await app.inject({ url: '/read' });
    expect(seen).toEqual([]);
    await app.inject({ method: 'POST', url: '/write' });
    expect(seen).toEqual(['onRequest /write', 'onResponse /write']);
    await app.close();
  });

  it('gives the instance its own addHook back, even when the registration fails', async () => {
    const app = Fastify({ logger: false });
    const own = app.addHook;
    const failing = fp((_app, _opts, done) => done(new Error('no')));
    await expect(captureRequestHooks(app, () => app.register(failing))).rejects.toThrow('no');
    expect(app.addHook).toBe(own);
    await app.close().catch(() => {});
  });

  it('adds after the hooks a route already has, whatever form they take', () => {
    const mine = () => {};
    const theirs = () => {};
    const one = { method: 'POST', url: '/', handler: () => {}, onRequest: theirs } as RouteOptions;
    addRouteHooks(one, [['onRequest', mine]]);
    expect(one.onRequest).toEqual([theirs, mine]);
    const none = { method: 'POST', url: '/', handler: () => {} } as RouteOptions;
    addRouteHooks(none, [['onSend', mine]]);
    expect(none.onSend).toEqual([mine]);
  });

  it.each([
    ['GET', false],
    ['HEAD', false],
    [['GET', 'HEAD'], false],
    ['OPTIONS', false],
    ['POST', true],
    ['DELETE', true],
    [['GET', 'PUT'], true],
  ] as const)('%s takes a body: %s', (method, expected) => {
    expect(takesBody({ method, url: '/', handler: () => {} } as RouteOptions)).toBe(expected);
  });
});
