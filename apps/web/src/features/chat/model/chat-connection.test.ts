import { afterEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { ChatConnection, ChatError } from './chat-connection';

function connection(token: string | null) {
  let kept = token;
  const conn = new ChatConnection({
    url: 'ws://chat.test/chat-api/ws',
    room: 'game-110',
    token: () => kept,
    onFrame: () => undefined,
    onState: () => undefined,
    createSocket: (u) => new FakeSocket(u) as unknown as WebSocket,
  });
  conn.start();
  const socket = FakeSocket.last()!;
  socket.open();
  return { conn, socket, setToken: (t: string) => (kept = t) };
}

afterEach(() => {
  FakeSocket.all = [];
});

describe('the chat socket signing in', () => {
  it("auth resolves with whether the server's ready names a member", async () => {
    const { conn, socket, setToken } = connection(null);
    expect(await conn.auth()).toBe(false);
    setToken('t'.repeat(43));
    const signed = conn.auth();
    expect(socket.sent.at(-1)).toMatchObject({ type: 'auth', token: 't'.repeat(43) });
    socket.receive({
      id: 'c9',
      type: 'ready',
      user: { id: 7, nickname: 'a', avatar: '', role: 'member' },
    });
    expect(await signed).toBe(true);
    const refused = conn.auth();
    socket.receive({ type: 'ready', user: null });
    expect(await refused).toBe(false);
    conn.stop();
  });

  it('a say refused as signed out rejects with UC/UNAUTHORIZED (the panel signs in and says it again)', async () => {
    const { conn, socket } = connection(null);
    const said = conn.say({ text: '大家好' });
    const frame = socket.sent.at(-1) as unknown as { id: string };
    socket.receive({ id: frame.id, type: 'error', code: 'UC/UNAUTHORIZED', msg: '请先登录' });
    await expect(said).rejects.toEqual(new ChatError('UC/UNAUTHORIZED', '请先登录'));
    conn.stop();
  });
});
