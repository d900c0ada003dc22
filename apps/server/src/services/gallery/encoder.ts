// One worker thread re-encodes the library's uploads, one picture at a time (encode-worker.ts):
// an operator's bulk upload costs the server one core at most, never the event loop.
import { Worker } from 'node:worker_threads';
import type { EncodeAnswer, EncodeRequest } from './encode-worker.ts';

/** A picture that takes longer fails (and the thread is replaced). */
const ENCODE_TIMEOUT_MS = 60_000;
const THREAD_HEAP_MB = 768;
/** The thread ends after this long without work: an idle server keeps no decoder's memory. */
const IDLE_MS = 60_000;

export type Encoded = Extract<EncodeAnswer, { ok: true }>;

export function createEncoder() {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(new URL('./encode-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    w.unref();
    w.on('exit', () => {
      if (worker === w) worker = null;
    });
    worker = w;
    return w;
  }

  function once(bytes: Uint8Array): Promise<Encoded> {
    if (idle) clearTimeout(idle);
    const w = thread();
    const id = ++nextId;
    return new Promise<Encoded>((resolve, reject) => {
      const timer = setTimeout(() => {
        void w.terminate();
        finish(new Error('encode timed out'));
      }, ENCODE_TIMEOUT_MS);
      const onMessage = (a: EncodeAnswer) => {
        if (a.id !== id) return;
        if (a.ok) finish(null, a);
        else finish(new Error(a.error));
      };
      const onError = (err: Error) => finish(err);
      function finish(err: Error | null, a?: Encoded) {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        if (err) reject(err);
        else resolve(a!);
      }
      w.on('message', onMessage);
      w.on('error', onError);
      const req: EncodeRequest = { id, bytes };
      w.postMessage(req);
    }).finally(() => {
      idle = setTimeout(() => void worker?.terminate(), IDLE_MS);
      idle.unref();
    });
  }

  return {
    /** Re-encodes one picture; pictures queue, one at a time. */
    encode(bytes: Uint8Array): Promise<Encoded> {
      const run = queue.then(
        () => once(bytes),
        () => once(bytes),
      );
      queue = run.catch(() => undefined);
      return run;
    },
    async close(): Promise<void> {
      if (idle) clearTimeout(idle);
      await worker?.terminate();
      worker = null;
    },
  };
}

export type Encoder = ReturnType<typeof createEncoder>;
