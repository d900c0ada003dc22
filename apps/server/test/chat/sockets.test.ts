// The room fan-out over real sockets: frames published in one turn leave together, in order.
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ChatSocket, ChatSockets } from '../../src/services/chat/sockets.ts';

const message = (id: number) => ({
  id,
  room: 'game-110',
  user: { id: 1, nickname: '读者', avatar: '', role: 'member' as const },
  text: `第${id}条`,
  at: new Date().toISOString(),
});

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers = [];
});

/** A server socket wrapped as a ChatSocket, and the client that reads what it is sent. */
async function pair(): Promise<{ server: ChatSocket; received: unknown[]; writes: () => number }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const accepted = new Promise<[WebSocket, IncomingMessage]>((r) =>
    wss.once('connection', (ws, request) => r([ws, request])),
  );
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const received: unknown[] = [];
  client.on('message', (d) => received.push(JSON.parse(String(d))));
  await new Promise((r) => client.once('open', r));
  const [ws, request] = await accepted;
  closers.push(async () => {
    client.terminate();
    await new Promise((r) => wss.close(r));
  });
  // Counts the writes that reach the kernel: one per writev/write of the net.Socket.
  const raw = (ws as unknown as { _socket: { _writev?: unknown; _write: unknown } })._socket;
  let n = 0;
  for (const k of ['_write', '_writev'] as const) {
    const original = raw[k] as ((...a: unknown[]) => unknown) | undefined;
    if (original)
      raw[k] = (...a: unknown[]) => {
        n++;
        return original.apply(raw, a);
      };
  }
  return {
    server: new ChatSocket(ws, '127.0.0.1', request.socket),
    received,
    writes: () => n,
  };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('ChatSockets fan-out', () => {
  it('sends the messages of one turn in order, in one write per socket', async () => {
    const sockets = new ChatSockets();
    const a = await pair();
    const b = await pair();
    for (const p of [a, b]) {
      sockets.add(p.server);
      sockets.join(p.server, 'game-110');
    }
    for (let id = 1; id <= 5; id++)
      sockets.deliver({ type: 'message', room: 'game-110', message: message(id) });
    await until(() => a.received.length >= 5 && b.received.length >= 5);
    for (const p of [a, b]) {
      expect(p.received.map((f) => (f as { message: { id: number } }).message.id)).toEqual([
        1, 2, 3, 4, 5,
      ]);
      expect(p.writes()).toBe(1);
    }
  });

  it('keeps the order across turns and skips rooms a socket is not in', async () => {
    const sockets = new ChatSockets();
    const a = await pair();
    sockets.add(a.server);
    sockets.join(a.server, 'game-110');
    sockets.deliver({ type: 'message', room: 'game-110', message: message(1) });
    sockets.deliver({ type: 'message', room: 'lobby', message: { ...message(2), room: 'lobby' } });
    await new Promise((r) => setImmediate(r));
    sockets.deliver({ type: 'removed', room: 'game-110', messageId: 1 });
    sockets.deliver({ type: 'message', room: 'game-110', message: message(3) });
    await until(() => a.received.length >= 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(a.received.map((f) => (f as { type: string }).type)).toEqual([
      'message',
      'removed',
      'message',
    ]);
    expect(a.writes()).toBe(2);
  });
});
