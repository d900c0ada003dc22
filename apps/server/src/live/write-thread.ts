// A second thread for a fan-out's writes. Writing a snapshot to a loopback or LAN socket is a
// system call that also runs the receiving side's TCP work (~8 µs of a ~9 µs write, README,
// draw-time load); the JavaScript around it is under a microsecond. One thread writing 10,000
// sockets keeps one core busy for ~100 ms while the other idles: this thread writes part of each
// turn's sockets at the same time, straight to their descriptors.
//
// Only a socket with nothing queued is handed over (its stream's buffer empty, nothing in
// libuv's queue), and the event loop waits for the thread before it goes on: no other write to
// those sockets can come between, so the bytes on each socket stay in order. What the thread
// could not write (the kernel's buffer full: EAGAIN or a partial write) is written by the loop
// after it, as if the thread had never had it. A socket whose write failed (the peer gone) is
// left to its own close, which the loop sees on its next read.
import type { Socket } from 'node:net';
import { Worker } from 'node:worker_threads';

/** The frames the thread can take (a snapshot is ~0.3 KB); larger ones are written here. */
const THREAD_FRAME_MAX = 16 * 1024;
/**
 * The thread is not answering (half a turn's writes take milliseconds): it is stopped and not
 * used again.
 */
const ANSWER_TIMEOUT_MS = 2_000;

const IDLE = 0;
const GO = 1;
const DONE = 2;
const STOP = 3;
/** Result of a write that failed for good (the peer is gone). */
export const WRITE_FAILED = -1;

// Plain JavaScript run as the thread's script: nothing to resolve or compile at start.
const THREAD = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const ctl = new Int32Array(workerData.ctl);
const fds = new Int32Array(workerData.fds);
const out = new Int32Array(workerData.out);
const frame = new Uint8Array(workerData.frame);
for (;;) {
  let s;
  while ((s = Atomics.load(ctl, 0)) !== ${GO} && s !== ${STOP}) Atomics.wait(ctl, 0, s);
  if (s === ${STOP}) break;
  const n = ctl[1];
  const len = ctl[2];
  for (let i = 0; i < n; i++) {
    try {
      out[i] = writeSync(fds[i], frame, 0, len);
    } catch (err) {
      out[i] = err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK' ? 0 : ${WRITE_FAILED};
    }
  }
  Atomics.store(ctl, 0, ${DONE});
  Atomics.notify(ctl, 0);
}
`;

/** The descriptor of an accepted TCP socket (libuv's handle keeps it; -1 when it has none). */
export function descriptorOf(socket: Socket): number {
  // Bytes written past a TLS layer would go out unencrypted (TLS ends at the proxy here, but a
  // socket that has it must never get this path).
  if ((socket as { encrypted?: boolean }).encrypted) return -1;
  const fd = (socket as unknown as { _handle?: { fd?: unknown } | null })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : -1;
}

export class WriteThread {
  /** Filled by the caller with the descriptors of `start`'s count. */
  readonly fds: Int32Array;
  #ctl: Int32Array;
  #out: Int32Array;
  #frame: Buffer;
  #framed: Buffer | null = null;
  #worker: Worker;
  #ready = false;
  #broken = false;
  #answerMs: number;

  #onLost: (reason: unknown) => void;

  constructor(
    capacity: number,
    opts: {
      answerTimeoutMs?: number;
      /** The thread failed or stopped answering: writes stay on the event loop from now on. */
      onLost?: (reason: unknown) => void;
    } = {},
  ) {
    this.#answerMs = opts.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
    this.#onLost = opts.onLost ?? (() => {});
    const ctl = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
    const fds = new SharedArrayBuffer(capacity * Int32Array.BYTES_PER_ELEMENT);
    const out = new SharedArrayBuffer(capacity * Int32Array.BYTES_PER_ELEMENT);
    const frame = new SharedArrayBuffer(THREAD_FRAME_MAX);
    this.#ctl = new Int32Array(ctl);
    this.fds = new Int32Array(fds);
    this.#out = new Int32Array(out);
    this.#frame = Buffer.from(frame);
    this.#worker = new Worker(THREAD, {
      eval: true,
      workerData: { ctl, fds, out, frame },
      // Its heap holds a few small arrays and an error object per full buffer.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    this.#worker.unref();
    this.#worker.once('online', () => (this.#ready = true));
    this.#worker.once('error', (err) => this.#lost(err));
    this.#worker.once('exit', (code) => this.#lost(new Error(`the thread exited (${code})`)));
  }

  /** Started, answering, and the frame fits. */
  takes(wire: Buffer): boolean {
    return this.#ready && !this.#broken && wire.length <= THREAD_FRAME_MAX;
  }

  /** The thread starts writing `wire` to the first `count` of `fds`; call `finish` after. */
  start(count: number, wire: Buffer): void {
    if (this.#framed !== wire) {
      wire.copy(this.#frame);
      this.#framed = wire;
    }
    this.#ctl[1] = count;
    this.#ctl[2] = wire.length;
    Atomics.store(this.#ctl, 0, GO);
    Atomics.notify(this.#ctl, 0);
  }

  /**
   * Waits for the thread: the bytes it wrote to each descriptor (0 to the frame's length, or
   * WRITE_FAILED), or null when it did not answer in time (it is stopped; what it may have
   * written of each frame is unknown).
   */
  finish(): Int32Array | null {
    const deadline = performance.now() + this.#answerMs;
    while (Atomics.load(this.#ctl, 0) === GO) {
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.#ctl, 0, GO, left) === 'timed-out') break;
    }
    if (Atomics.load(this.#ctl, 0) !== DONE) {
      this.#lost(new Error(`no answer within ${this.#answerMs} ms`));
      void this.#worker.terminate();
      return null;
    }
    Atomics.store(this.#ctl, 0, IDLE);
    return this.#out;
  }

  #lost(reason: unknown): void {
    if (this.#broken) return;
    this.#broken = true;
    this.#onLost(reason);
  }

  async close(): Promise<void> {
    this.#broken = true;
    Atomics.store(this.#ctl, 0, STOP);
    Atomics.notify(this.#ctl, 0);
    await this.#worker.terminate();
  }
}
