import type { FastifyInstance, RouteOptions } from 'fastify';

/** The hooks Fastify runs per request (the others run once, at start-up or close). */
const PER_REQUEST = new Set([
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
]);

/** A hook of any name (Fastify's own types overload addHook per name). */
export type CapturedHook = [name: string, hook: (...args: never[]) => unknown];

/**
 * Runs `register` (a plugin's registration) and takes out the per-request hooks it adds to the
 * instance, for the caller to run where it wants them: a plugin that hooks every request of the
 * site though only some routes (or some requests) need it costs every answer its hooks' work.
 * Only for plugins wrapped with fastify-plugin (they are given this very instance); other hooks
 * (onRoute, onReady, onClose) are added as usual.
 */
export async function captureRequestHooks(
  app: FastifyInstance,
  register: () => PromiseLike<unknown>,
): Promise<CapturedHook[]> {
  const captured: CapturedHook[] = [];
  const addHook = app.addHook;
  // Still here for @fastify/multipart and @fastify/websocket: their answer hooks on every route
  // are what test/lib/request-log.test.ts refuses (docs/removed-fast-paths.md, what is left).
  // eslint-disable-next-line no-restricted-syntax -- the one patch left; no public way found yet
  app.addHook = function (this: FastifyInstance, name: string, hook: CapturedHook[1]) {
    if (!PER_REQUEST.has(name)) return Reflect.apply(addHook, this, [name, hook]) as unknown;
    captured.push([name, hook]);
    return this;
  } as typeof app.addHook;
  try {
    await register();
  } finally {
    // eslint-disable-next-line no-restricted-syntax -- putting the method back
    app.addHook = addHook;
  }
  return captured;
}

/** The captured hook of that name (a plugin that no longer adds it is a plugin that changed). */
export function takeHook<T>(hooks: readonly CapturedHook[], name: string): T {
  const found = hooks.find(([n]) => n === name);
  if (!found) throw new Error(`the plugin added no ${name} hook`);
  return found[1] as T;
}

/** Adds hooks to one route's own (they run after the instance's hooks of the same name). */
export function addRouteHooks(route: RouteOptions, hooks: readonly CapturedHook[]): void {
  const own = route as unknown as Record<string, unknown>;
  for (const [name, hook] of hooks) {
    const current = own[name];
    own[name] = current === undefined || current === null ? [hook] : [current, hook].flat();
  }
}

/** Whether a route answers a method that may carry a request body. */
export function takesBody(route: RouteOptions): boolean {
  return [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS');
}
