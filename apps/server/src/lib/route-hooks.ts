import type { FastifyInstance } from 'fastify';

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
 * instance, for the caller to run where it wants them (plugins/external/websocket.ts): a plugin that hooks every request of the
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
  // Still here for @fastify/websocket alone: its answer hook on every route is what
  // test/lib/request-log.test.ts refuses (docs/removed-fast-paths.md, what is left).
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
