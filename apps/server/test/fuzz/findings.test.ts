// One regression test per hole the fuzz suite found, each failing on the code before its fix.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { sendRaw } from '../../fuzz/raw-http.ts';
import { UPGRADE_TIMEOUT_MS } from '../../src/plugins/external/websocket.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const ADMIN = 'fuzz-findings-admin-token-5b2e81c94d7a';

describe('fuzz findings', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('answers a body that does not parse with the envelope on every route, the OPTIONS one too', async () => {
    // @fastify/cors adds an OPTIONS route of its own; added before the error handler, it answered
    // Fastify's own {statusCode,error,message} shape.
    for (const method of ['OPTIONS', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/app-api/admin/uploads',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, method).toBeLessThan(500);
      expect(Object.keys(res.json()).sort(), method).toEqual(['code', 'data', 'msg']);
    }
  });

  it('refuses Infinity and NaN where a number is asked for, instead of a 500 from the database', async () => {
    for (const url of [
      '/app-api/api/v2/news?pageSize=Infinity',
      '/app-api/api/v2/news?page=-Infinity',
      '/app-api/api/v2/draws/history?gameId=110&page=Infinity',
      '/app-api/admin/questions?page=Infinity',
      '/app-api/api/v2/gallery/series?gameId=NaN',
    ]) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${ADMIN}` } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'REQ/INVALID' });
    }
  });

  it('refuses an out-of-range publish time with 400, not a 500 from an Invalid Date', async () => {
    const times = [
      '2026-13-01T00:00Z',
      '2026-06-30T23:59:60Z',
      '2026-01-01T25:00Z',
      '2026-01-01T00:00+99:00',
    ];
    for (const publishedAt of times) {
      for (const [url, body] of [
        ['/app-api/admin/news', { title: 't', body: '<p>b</p>', category: 'guide', publishedAt }],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${ADMIN}` },
          payload: body,
        });
        expect(res.statusCode, `${url} ${publishedAt}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'REQ/INVALID',
          data: { publishedAt: expect.any(String) },
        });
      }
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/app-api/admin/news',
      headers: { authorization: `Bearer ${ADMIN}` },
      payload: {
        title: 't',
        body: '<p>b</p>',
        category: 'guide',
        publishedAt: '2026-02-28T23:59:59.5+08:00',
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers what the HTTP parser refuses with the envelope too', async () => {
    const cases: [string, number][] = [
      [`GET /app-api/health?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      [`GET /app-api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431],
      ['GET /app-api/a b HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['\u0001\u0002garbage\r\n\r\n', 400],
      [
        'POST /app-api/v/user/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
        400,
      ],
    ];
    for (const [raw, status] of cases) {
      const { answer } = await sendRaw(Buffer.from(raw, 'latin1'), { host: '127.0.0.1', port });
      expect(answer?.status, raw.slice(0, 40)).toBe(status);
      expect(JSON.parse(answer!.body.toString('utf8'))).toEqual({
        code: 'REQ/INVALID',
        msg: expect.any(String),
        data: null,
      });
    }
  });
});

describe('fuzz findings: upgrade sockets', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const connections = () =>
    new Promise<number>((resolve) => t.app.server.getConnections((_e, n) => resolve(n)));

  const upgrade = (path: string) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );

  it('answers an upgrade for a path with no socket as a path that does not exist', async () => {
    // The socket plugin used to accept it (101), then close it with a line in the log each time.
    for (const path of ['/app-api/health', '/news', '/no/such/path', '/chat-api/rooms']) {
      const { answer } = await sendRaw(upgrade(path), { host: '127.0.0.1', port });
      expect(answer?.status, path).toBe(404);
      expect(JSON.parse(answer!.body.toString('utf8')), path).toMatchObject({ code: 'NOT_FOUND' });
    }
    const [{ answer: live }] = [
      await sendRaw(upgrade('/ws-game/fuzz-up'), { host: '127.0.0.1', port }),
    ];
    expect(live?.status).toBe(101);
  });

  it('closes the socket of an upgrade a plain route answered, as soon as it is answered', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
    const started = performance.now();
    const closed = new Promise<number>((resolve) =>
      socket.once('close', () => resolve(performance.now() - started)),
    );
    socket.write(upgrade('/app-api/health'));
    // Not left to the sweep of upgrade sockets nobody took (UPGRADE_TIMEOUT_MS).
    expect(await closed).toBeLessThan(UPGRADE_TIMEOUT_MS / 2);
    expect(received).toMatch(/^HTTP\/1\.1 404/);
  });

  it('closes the socket of an upgrade request the router refuses before any hook', async () => {
    // A live socket ws took over, open all along: it is not one of them.
    const taken = new Promise<Socket>((resolve) =>
      t.app.socketServer.once('connection', (_ws, request: IncomingMessage) =>
        resolve(request.socket),
      ),
    );
    const live = new WebSocket(`ws://127.0.0.1:${port}/ws-game/fuzz-kept`);
    await new Promise((resolve, reject) => live.once('open', resolve).once('error', reject));
    const raw = await taken;
    for (const path of ['/ws-game/%c0%af', '/ws-game/%', '/app-api/%']) {
      const { answer } = await sendRaw(upgrade(path), { host: '127.0.0.1', port });
      expect(answer?.status, path).toBeGreaterThanOrEqual(400);
    }
    // The client has hung up on every one; the server must not keep them.
    const deadline = Date.now() + UPGRADE_TIMEOUT_MS + 3_000;
    while ((await connections()) > 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await connections()).toBe(1);
    // Past the deadline the live socket still answers, and carries no timer of the guard's.
    const ping = '{"id":"p-kept","command":66,"content":"Ping"}';
    const echoed = new Promise((resolve) => live.once('message', (d) => resolve(String(d))));
    live.send(ping);
    expect(await echoed).toBe(ping);
    expect(raw.listenerCount('timeout')).toBe(0);
    live.close();
  }, 15_000);
});
