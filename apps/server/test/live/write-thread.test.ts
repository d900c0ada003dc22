// The fan-out's second thread (live/write-thread.ts) on real loopback sockets and a real pipe.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { descriptorOf, WriteThread } from '../../src/live/write-thread.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ready(thread: WriteThread): Promise<void> {
  const probe = Buffer.alloc(1);
  for (let i = 0; i < 200 && !thread.takes(probe); i++) await sleep(10);
  expect(thread.takes(probe)).toBe(true);
}

/** `n` connected pairs: the server's end (written to) and the client's (read). */
async function pairs(n: number) {
  const accepted: net.Socket[] = [];
  const server = net.createServer((s) => accepted.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  const clients: net.Socket[] = [];
  for (let i = 0; i < n; i++) {
    const c = net.connect(port, '127.0.0.1');
    await new Promise((r) => c.once('connect', r));
    clients.push(c);
  }
  while (accepted.length < n) await sleep(5);
  // Accepted in the order they connected (one at a time above).
  return {
    servers: accepted,
    clients,
    close: () => {
      for (const s of [...accepted, ...clients]) s.destroy();
      server.close();
    },
  };
}

function received(socket: net.Socket): () => Buffer {
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  return () => Buffer.concat(chunks);
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('the fan-out write thread', () => {
  it('writes the frame to every descriptor it is handed while this thread writes others', async () => {
    const thread = new WriteThread(8);
    cleanups.push(() => thread.close());
    const net6 = await pairs(6);
    cleanups.push(net6.close);
    const got = net6.clients.map(received);
    await ready(thread);
    const frame = Buffer.from('one frame, the same bytes for everyone');
    net6.servers.slice(0, 3).forEach((s, i) => (thread.fds[i] = descriptorOf(s)));
    expect([...thread.fds.slice(0, 3)].every((fd) => fd > 2)).toBe(true);
    thread.start(3, frame);
    for (const s of net6.servers.slice(3)) s.write(frame);
    const written = thread.finish();
    expect([...written!.slice(0, 3)]).toEqual([frame.length, frame.length, frame.length]);
    await expect.poll(() => got.map((g) => g().toString())).toEqual(got.map(() => String(frame)));
  });

  it('says how much the kernel took of a frame, and the rest written after it keeps the stream whole', async () => {
    const thread = new WriteThread(1);
    cleanups.push(() => thread.close());
    const one = await pairs(1);
    cleanups.push(one.close);
    const [server] = one.servers;
    const [client] = one.clients;
    client!.pause(); // a reader that has stopped reading: the buffers fill
    await ready(thread);
    const sent: Buffer[] = [];
    let short = -1;
    for (let i = 0; i < 5_000 && short < 0; i++) {
      // A new frame each time (the thread keeps its copy of the last one it was given).
      const frame = Buffer.alloc(16 * 1024, i % 251);
      frame.writeUInt32BE(i, 0);
      sent.push(frame);
      thread.fds[0] = descriptorOf(server!);
      thread.start(1, frame);
      const n = thread.finish()![0]!;
      if (n < frame.length) {
        short = n;
        server!.write(frame.subarray(n));
      }
    }
    // The kernel's buffers filled before 80 MB: a partial write, or none at all (EAGAIN).
    expect(short).toBeGreaterThanOrEqual(0);
    const last = Buffer.from('after the backlog');
    server!.write(last);
    const got = received(client!);
    client!.resume();
    const want = Buffer.concat([...sent, last]);
    await expect.poll(() => got().length, { timeout: 10_000 }).toBe(want.length);
    expect(got().equals(want)).toBe(true);
  });

  it('gives up on a thread that does not answer, and is not used again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kj-write-thread-'));
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // Read and write, blocking: the thread's writes stop once the pipe's 64 KB are full.
    const fd = fs.openSync(fifo, 'r+');
    const drain = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const lost: unknown[] = [];
    const thread = new WriteThread(8, { answerTimeoutMs: 100, onLost: (r) => lost.push(r) });
    cleanups.push(() => fs.rmSync(dir, { recursive: true }));
    await ready(thread);
    const frame = Buffer.alloc(16 * 1024, 1);
    thread.fds.fill(fd);
    thread.start(8, frame);
    const started = performance.now();
    expect(thread.finish()).toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(thread.takes(Buffer.alloc(1))).toBe(false);
    expect(lost).toEqual([new Error('no answer within 100 ms')]);
    // Let the stuck write finish so the stopped thread can end.
    const buf = Buffer.alloc(64 * 1024);
    for (let quiet = 0; quiet < 20;) {
      try {
        if (fs.readSync(drain, buf) > 0) quiet = 0;
      } catch {
        quiet++;
        await sleep(10);
      }
    }
    fs.closeSync(drain);
    fs.closeSync(fd);
    await thread.close();
    // Told once, and not of the stop that closing asks for.
    expect(lost).toHaveLength(1);
  });

  it('takes no frame larger than its buffer, and no socket without a descriptor', async () => {
    const thread = new WriteThread(1);
    cleanups.push(() => thread.close());
    await ready(thread);
    expect(thread.takes(Buffer.alloc(16 * 1024))).toBe(true);
    expect(thread.takes(Buffer.alloc(16 * 1024 + 1))).toBe(false);
    const one = await pairs(1);
    const server = one.servers[0]!;
    expect(descriptorOf(server)).toBeGreaterThan(2);
    one.close();
    expect(descriptorOf(server)).toBe(-1);
  });
});
