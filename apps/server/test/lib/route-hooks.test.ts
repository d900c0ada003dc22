import Fastify from 'fastify';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { captureRequestHooks, takeHook } from '../../src/lib/route-hooks.ts';

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
  it('takes the per-request hooks out and keeps the plugin’s other hooks', async () => {
    const seen: string[] = [];
    const app = Fastify({ logger: false });
    const hooks = await captureRequestHooks(app, () => app.register(counting(seen)));
    expect(hooks.map(([name]) => name)).toEqual(['onRequest', 'onResponse']);
    expect(takeHook(hooks, 'onResponse')).toBe(hooks[1]![1]);
    expect(() => takeHook(hooks, 'onSend')).toThrow('the plugin added no onSend hook');
    app.get('/read', async () => 'r');
    await app.ready();

    expect(seen).toEqual(['route /read', 'route /read']); // GET adds its HEAD
    seen.length = 0;
    await app.inject({ url: '/read' });
    expect(seen).toEqual([]);
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
});
