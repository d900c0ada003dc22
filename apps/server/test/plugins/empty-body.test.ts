// A request that announces no body is ended by Node before the framework sees it (the server's
// optimizeEmptyRequests): no stream life cycle per GET. One that still names a Content-Type is
// answered as before — at once, as an empty body — and never waits for a stream event that
// will not come. Real sockets: light-my-request does not go through Node's HTTP parser.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, xsrfPair } from '../helpers/test-app.ts';
import { portOf } from '../helpers/raw-http.ts';

/** Writes `text` as is and reads until the server closes; fails past `ms`. */
function exchange(port: number, text: string, ms = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(text);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

/** The anti-forgery pair every POST carries, so that each reaches its body parser. */
let forgery: string[] = [];

const request = (method: string, path: string, headers: string[]) =>
  [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...(method === 'GET' ? [] : forgery),
    ...headers,
    '',
    '',
  ].join('\r\n');

describe('requests without a body', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend: (app) => {
          app.get('/app-api/t-stream', async (req) => ({ ended: req.raw.readableEnded }));
          app.post('/app-api/t-echo', async (req) => ({ body: req.body ?? null }));
          // A body schema: multipart fields are read into the body (plugins/external/form-body.ts).
          app.post('/app-api/t-form', { schema: { body: { type: 'object' } } }, async (req) => ({
            body: req.body ?? null,
          }));
        },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(t.app);
    const pair = await xsrfPair(t.app);
    forgery = [`Cookie: ${pair.cookie}`, `X-XSRF-TOKEN: ${pair.token}`];
  });
  afterAll(() => t.close());

  it('reach a GET route with their stream already ended', async () => {
    const answer = await exchange(port, request('GET', '/app-api/t-stream', []));
    expect(statusOf(answer)).toBe(200);
    expect(JSON.parse(bodyOf(answer))).toEqual({ ended: true });
  });

  /**
   * The POST sent twice, as a body-less request and with `Content-Length: 0`: the two answers
   * must be the same (the second is what Node and the parsers made of it before); the first is
   * returned, having come within `exchange`'s time.
   */
  async function sameAsEmpty(path: string, type: string): Promise<string> {
    const none = await exchange(port, request('POST', path, [`Content-Type: ${type}`]));
    const empty = await exchange(
      port,
      request('POST', path, [`Content-Type: ${type}`, 'Content-Length: 0']),
    );
    expect(statusOf(none)).toBe(statusOf(empty));
    expect(bodyOf(none)).toBe(bodyOf(empty));
    return none;
  }

  for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
    it(`are answered at once, as an empty body, when they name ${type}`, async () => {
      const answer = await sameAsEmpty('/app-api/t-echo', type);
      // What an empty body is to each parser: a 400 for JSON, an empty form, an empty text.
      expect(statusOf(answer)).toBe(type === 'application/json' ? 400 : 200);
    });
  }

  it('are answered at once as a multipart form', async () => {
    const answer = await sameAsEmpty('/app-api/t-form', 'multipart/form-data; boundary=x');
    // No part at all: an empty form.
    expect(JSON.parse(bodyOf(answer))).toEqual({ body: {} });
  });

  it('are answered at once on a path with no route', async () => {
    // The body is parsed before the not-found answer: an empty JSON body is refused first.
    expect(statusOf(await sameAsEmpty('/app-api/t-none', 'application/json'))).toBe(400);
    expect(statusOf(await sameAsEmpty('/app-api/t-none', 'text/plain'))).toBe(404);
  });

  it('leave the next request on the connection to be answered', async () => {
    const first = request('POST', '/app-api/t-echo', ['Content-Type: text/plain']).replace(
      'Connection: close\r\n',
      '',
    );
    const answer = await exchange(port, first + request('GET', '/app-api/t-stream', []));
    expect(answer.match(/HTTP\/1\.1 200 OK\r\n/g)).toHaveLength(2);
    expect(answer).toContain('{"body":""}');
    expect(answer).toContain('{"ended":true}');
  });

  it('still read a body that is announced', async () => {
    const body = '{"a":"甲"}';
    const answer = await exchange(
      port,
      request('POST', '/app-api/t-echo', [
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
      ]) + body,
    );
    expect(statusOf(answer)).toBe(200);
    expect(JSON.parse(bodyOf(answer))).toEqual({ body: { a: '甲' } });
  });
});
