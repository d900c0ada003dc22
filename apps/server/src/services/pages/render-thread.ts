// The web app's server renderer (apps/web/src/entry-server.tsx, built by `vite build --ssr`), run
// in a worker thread (render-worker.ts): a render is 6–15 ms of JavaScript, and on the server's
// own thread every live socket's ball and every poll waited behind it (the draw minute's slowest
// polls were those that arrived during a render). Here the server's thread only answers the
// screen's calls. The renderer is loaded on first use and again when a rebuild replaces the file,
// so rebuilding the web app needs no restart. Any failure falls back to the plain index.html,
// which works on its own.
import fs from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { boundedCache } from '../../lib/bounded-cache.ts';
import type { RenderedPage } from './page-renderer.ts';
import type { CallAnswer, FromRenderThread, ToRenderThread } from './render-worker.ts';

/** Page keys kept per renderer, of addresses up to 512 characters: under 2 MB in all. */
const MAX_KEPT_KEYS = 2_000;
const MAX_KEPT_URL = 512;
/** How long a loaded renderer is trusted to be current: a rebuild shows within a second. */
const RECHECK_MS = 1_000;
/** A render that takes longer gives its visitor index.html as built. */
const RENDER_TIMEOUT_MS = 10_000;
/** The thread's heap: a renderer that runs away with memory ends its thread, not the server. */
const THREAD_HEAP_MB = 256;
/**
 * After a thread dies of an error (a throw outside a render, its heap run out) pages go out
 * unrendered this long before a new one starts: a renderer that dies at once is not restarted
 * for every page request.
 */
const RESTART_PAUSE_MS = 5_000;

const pathOf = (url: string) => new URL(url, 'http://kaijiang.invalid').pathname;

type Settle = (outcome: Extract<FromRenderThread, { kind: 'done' | 'failed' }>) => void;

export function createPageRenderer(
  file: string | null,
  log: (err: unknown) => void,
  { timeoutMs = RENDER_TIMEOUT_MS, restartPauseMs = RESTART_PAUSE_MS } = {},
) {
  let known: Promise<number | null> | undefined;
  let checkedAt = -Infinity;
  const keys = boundedCache<string, string>({
    max: MAX_KEPT_KEYS,
    maxBytes: 2 * 1024 * 1024,
    ttlMs: 10 * 60_000,
  });
  let keysOf: number | null = null;

  /** The renderer's build (its file's modification time), or null when there is none. */
  function current(): Promise<number | null> {
    if (!file) return Promise.resolve(null);
    // Every page request asks for its key: the file is looked at again once a second, not with
    // a stat per request (the largest cost of a cached page under load); requests meanwhile
    // share the look under way.
    const now = performance.now();
    if (known && now - checkedAt < RECHECK_MS) return known;
    checkedAt = now;
    known = fs.stat(file).then(
      (stat) => (stat.isFile() ? stat.mtimeMs : null),
      () => null,
    );
    return known;
  }

  let worker: Worker | undefined;
  let heardAt = 0;
  let pausedUntil = -Infinity;
  const paused = () => performance.now() < pausedUntil;
  let nextId = 0;
  const pending = new Map<number, { settle: Settle; thread: Worker; fetch?: typeof fetch }>();

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./render-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    w.unref(); // never what keeps the server's process alive
    heardAt = performance.now();
    w.on('message', (message: FromRenderThread) => {
      heardAt = performance.now();
      if (message.kind === 'fetch') void answer(w, message);
      else pending.get(message.id)?.settle(message);
    });
    w.on('error', (err) => {
      pausedUntil = performance.now() + restartPauseMs;
      log(err);
    });
    w.on('exit', () => {
      if (worker === w) worker = undefined; // the next render starts a new thread
      for (const [id, call] of pending) {
        if (call.thread === w) call.settle({ kind: 'failed', id, error: 'thread ended' });
      }
    });
    worker = w;
    return w;
  }

  /** One of a screen's calls, answered by the `fetch` its render was given. */
  async function answer(w: Worker, call: Extract<FromRenderThread, { kind: 'fetch' }>) {
    const empty = (status: number): CallAnswer => ({
      kind: 'answer',
      id: call.id,
      status,
      type: '',
      body: new Uint8Array(),
    });
    const fetch = pending.get(call.render)?.fetch;
    // A render given up on (past its time) still finishing its calls: nothing waits for them.
    if (!fetch) return w.postMessage(empty(503));
    let reply: CallAnswer;
    try {
      const res = await fetch(call.url, {
        method: call.method,
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      const body = new Uint8Array(await res.arrayBuffer());
      const type = res.headers.get('content-type') ?? '';
      reply = { kind: 'answer', id: call.id, status: res.status, type, body };
    } catch (err) {
      log(err);
      reply = empty(500);
    }
    w.postMessage(reply, [reply.body.buffer as ArrayBuffer]);
  }

  /** Asks the thread; a thread silent past the time limit is ended (a renderer stuck in a loop). */
  function ask(
    message: Omit<Extract<ToRenderThread, { kind: 'key' | 'render' }>, 'id' | 'file'>,
    fetch?: typeof globalThis.fetch,
  ): Promise<unknown> {
    const id = (nextId += 1);
    const w = thread();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        settle({ kind: 'failed', id, error: `no answer in ${timeoutMs} ms` });
        if (performance.now() - heardAt >= timeoutMs && worker === w) {
          worker = undefined; // the next render starts a new thread at once
          void w.terminate();
        }
      }, timeoutMs);
      timer.unref();
      const settle: Settle = (outcome) => {
        clearTimeout(timer);
        pending.delete(id);
        if (outcome.kind === 'done') resolve(outcome.value);
        else reject(new Error(`server rendering: ${outcome.error}`));
      };
      pending.set(id, { settle, thread: w, ...(fetch ? { fetch } : {}) });
      w.postMessage({ ...message, id, file: file! } as ToRenderThread);
    });
  }

  return {
    /** The page at `url`, its calls answered by `fetch`; null: send index.html as is. */
    async render(url: string, fetch: typeof globalThis.fetch): Promise<RenderedPage | null> {
      try {
        const v = await current();
        if (v === null || paused()) return null;
        return ((await ask({ kind: 'render', version: v, url }, fetch)) ?? null) as RenderedPage;
      } catch (err) {
        log(err);
        return null;
      }
    },
    /** The key of the page at `url` in a cache of rendered pages (the path without a renderer). */
    async key(url: string): Promise<string> {
      const v = await current().catch(() => null);
      if (v !== null && !paused()) {
        // At draw time the same few addresses are asked for thousands of times a second: their
        // keys are kept per renderer, bounded, as the addresses are the visitors' to choose.
        if (keysOf !== v) {
          keysOf = v;
          keys.clear();
        }
        const kept = keys.get(url);
        if (kept !== undefined) return kept;
        try {
          const asked = await ask({ kind: 'key', version: v, url });
          const key = typeof asked === 'string' ? asked : pathOf(url);
          if (url.length <= MAX_KEPT_URL) keys.set(url, key);
          return key;
        } catch (err) {
          log(err);
        }
      }
      return pathOf(url);
    },
    /** Ends the thread (the server is closing). */
    async close(): Promise<void> {
      await worker?.terminate();
    },
  };
}
