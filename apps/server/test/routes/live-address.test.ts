// The live socket's per-address cap counts what really holds a socket: an IPv6 visitor by its
// /64, and a connection the server closes until its socket has actually closed (issue 11 §11).
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { connect, fakeDraws, refusedStatus, useDraws, wsUrl } from '../helpers/live.ts';
import { portOf } from '../helpers/raw-http.ts';

/** A client that speaks just enough WebSocket to send frames, and never answers a close frame. */
async function stubbornClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  const state = { upgraded: false, closeFrameAt: 0, endedAt: 0 };
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    const head = received.indexOf('\r\n\r\n');
    if (!state.upgraded && head >= 0) state.upgraded = /^HTTP\/1\.1 101/.test(String(received));
    // Server frames are unmasked; a close frame starts 0x88. Nothing else is expected here.
    if (state.upgraded && !state.closeFrameAt && received.subarray(head + 4).includes(0x88)) {
      state.closeFrameAt = performance.now();
    }
  });
  socket.on('close', () => (state.endedAt = performance.now()));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'GET /ws-game/stubborn HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  await expect.poll(() => state.upgraded, { timeout: 10_000 }).toBe(true);
  const frame = (text: string) => {
    const payload = Buffer.from(text);
    const mask = randomBytes(4);
    const masked = payload.map((b, i) => b ^ mask[i % 4]!);
    return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
  };
  return {
    state,
    socket,
    send: (text: string) => socket.write(frame(text)),
  };
}

describe('live socket per-address cap', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(
      { live: { idleTimeoutMs: 30_000, maxConnectionsPerIp: 2 }, trustProxy: ['127.0.0.1'] },
      { extend: useDraws(fakeDraws()) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = wsUrl(t.app);
  });
  afterAll(() => t.close());

  it('counts a socket the server closes until that socket has really closed', async () => {
    const a = await stubbornClient(portOf(t.app));
    const b = await connect(url);
    expect(await refusedStatus(url)).toBe(429);
    // Over the frame rate: the server closes A (1008). A never answers the close frame.
    for (let i = 0; i < 40; i++) a.send('{"id":"p","command":66,"content":"Ping"}');
    await expect.poll(() => a.state.closeFrameAt, { timeout: 10_000 }).toBeGreaterThan(0);
    // The place A held comes back only with its socket: a newcomer is refused before that, and
    // A's socket is gone (not left for ws's 30 s closing handshake) by the time one gets in.
    let c: Awaited<ReturnType<typeof connect>> | undefined;
    const deadline = performance.now() + 3_000;
    while (!c && performance.now() < deadline) {
      const triedAt = performance.now();
      c = await connect(url).catch(() => undefined);
      // The client may see A's socket end a moment before the server has counted it out, so a
      // refusal is wrong only for an attempt begun well after A had closed.
      if (!c && a.state.endedAt > 0) {
        expect(triedAt - a.state.endedAt, 'refused only while A is open').toBeLessThan(500);
      }
    }
    const admittedAt = performance.now();
    expect(c, 'a newcomer gets in once A has closed').toBeDefined();
    expect(a.state.endedAt, 'A closed before the newcomer got in').toBeGreaterThan(0);
    expect(a.state.endedAt).toBeLessThanOrEqual(admittedAt);
    await c!.close();
    await b.close();
  });

  afterEach(async () => {
    // A failed case must not leave its sockets to the next one.
    for (const client of t.app.socketServer.clients) client.terminate();
    await expect.poll(() => t.app.socketServer.clients.size, { timeout: 10_000 }).toBe(0);
  });

  it('counts an IPv6 visitor by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    await expect.poll(() => t.app.socketServer.clients.size, { timeout: 10_000 }).toBe(0);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const a = await connect(url, from('2001:db8:7:7::1'));
    const b = await connect(url, from('2001:db8:7:7:ffff:1:2:3'));
    // Same /64, another address: still the same visitor.
    expect(await refusedStatus(url, from('2001:db8:7:7::abcd'))).toBe(429);
    // The next /64 is someone else.
    const c = await connect(url, from('2001:db8:7:8::1'));
    const d = await connect(url, from('198.51.100.7'));
    const e = await connect(url, from('::ffff:198.51.100.7'));
    expect(await refusedStatus(url, from('198.51.100.7'))).toBe(429);
    for (const s of [a, b, c, d, e]) await s.close();
  });
});
