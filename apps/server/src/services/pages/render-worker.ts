// The web app's server renderer, run in a thread of its own (services/pages/page-renderer.ts starts it):
// rendering a screen is 6–15 ms of JavaScript that would otherwise hold the server's thread, and
// every live socket and poll waiting behind it. The screen's calls still go to the server's own
// routes: each is handed to the main thread, which answers it with `app.inject`.
//
// Loaded by Node itself (not by the server's imports), so it imports only Node's modules.
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

/** The main thread's answer to one of a screen's calls. */
export interface CallAnswer {
  kind: 'answer';
  id: number;
  status: number;
  type: string;
  body: Uint8Array;
}

/** What the main thread asks for. */
export type ToRenderThread =
  | { kind: 'key'; id: number; file: string; version: number; url: string }
  | { kind: 'render'; id: number; file: string; version: number; url: string }
  | CallAnswer;

/** What this thread tells the main thread. */
export type FromRenderThread =
  | { kind: 'done'; id: number; value: unknown }
  | { kind: 'failed'; id: number; error: string }
  | {
      kind: 'fetch';
      id: number;
      render: number;
      method: string;
      url: string;
      headers: Record<string, string>;
      body?: string;
    };

interface RendererModule {
  render(url: string, options: { fetch: typeof fetch }): Promise<unknown>;
  pageKey?(url: string): string;
}

if (!parentPort) throw new Error('render-worker.ts runs as a worker thread');
const port = parentPort;

let loaded: { key: string; module: Promise<RendererModule> } | undefined;
/** The renderer as built at `version` (its file's modification time): a rebuild is imported anew. */
function moduleOf(file: string, version: number): Promise<RendererModule> {
  const key = `${file}?v=${version}`;
  if (loaded?.key !== key) {
    loaded = { key, module: import(`${pathToFileURL(file).href}?v=${version}`) };
  }
  return loaded.module;
}

let nextCall = 0;
const calls = new Map<number, (answer: CallAnswer) => void>();

/** A `fetch` whose calls the main thread answers, on behalf of render `render`. */
function fetchFor(render: number): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const id = (nextCall += 1);
    const answered = new Promise<CallAnswer>((resolve) => calls.set(id, resolve));
    const message: FromRenderThread = {
      kind: 'fetch',
      id,
      render,
      method: init.method ?? 'GET',
      url: String(input instanceof Request ? input.url : input),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
    };
    port.postMessage(message);
    const answer = await answered;
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.type },
    });
  }) as typeof fetch;
}

async function handle(message: Exclude<ToRenderThread, { kind: 'answer' }>): Promise<unknown> {
  const module = await moduleOf(message.file, message.version);
  if (message.kind === 'key') {
    return module.pageKey ? module.pageKey(message.url) : null;
  }
  return module.render(message.url, { fetch: fetchFor(message.id) });
}

port.on('message', (message: ToRenderThread) => {
  if (message.kind === 'answer') {
    const resolve = calls.get(message.id);
    calls.delete(message.id);
    resolve?.(message);
    return;
  }
  const failed = (err: unknown) =>
    port.postMessage({
      kind: 'failed',
      id: message.id,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    } satisfies FromRenderThread);
  handle(message).then((value) => {
    try {
      port.postMessage({ kind: 'done', id: message.id, value } satisfies FromRenderThread);
    } catch (err) {
      failed(err); // a value that cannot be copied across (a function in the answers)
    }
  }, failed);
});
