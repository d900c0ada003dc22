// Requests broken below the application: Node's HTTP parser (or its limits) must answer them.
import type { FuzzCase } from './generate.ts';
import type { FuzzContext, Rng } from './values.ts';

/** Framing broken below the application: Node's HTTP parser (or its limits) must answer. */
export function framingCase(rng: Rng, ctx: FuzzContext): FuzzCase {
  const path = rng.pick([
    '/app-api/health',
    '/app-api/v/user/login',
    '/',
    '/game/110',
    '/sys-upload/data/json/games.json',
  ]);
  const host = `Host: ${ctx.host}:${ctx.port}\r\n`;
  const variants: [string, () => Buffer][] = [
    ['garbage', () => rng.bytes(rng.int(1, 300))],
    ['no-version', () => Buffer.from(`GET ${path}\r\n\r\n`)],
    ['bad-version', () => Buffer.from(`GET ${path} HTTP/9.9\r\n${host}\r\n`)],
    ['http10-no-host', () => Buffer.from(`GET ${path} HTTP/1.0\r\n\r\n`)],
    ['http11-no-host', () => Buffer.from(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`)],
    ['lf-only', () => Buffer.from(`GET ${path} HTTP/1.1\n${host.trim()}\nConnection: close\n\n`)],
    [
      'space-in-path',
      () => Buffer.from(`GET /app-api/a b HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    [
      'ctl-in-path',
      () =>
        Buffer.from(
          `GET /app-api/\u0001\u007f HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
          'latin1',
        ),
    ],
    [
      'long-method',
      () => Buffer.from(`${'G'.repeat(5000)} ${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    [
      'long-url',
      () =>
        Buffer.from(
          `GET ${path}?${'q'.repeat(rng.int(17_000, 70_000))} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
        ),
    ],
    [
      'bad-header-name',
      () =>
        Buffer.from(`GET ${path} HTTP/1.1\r\n${host}Bad Header: x\r\nConnection: close\r\n\r\n`),
    ],
    [
      'nul-header',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}X-A: a\u0000b\r\nConnection: close\r\n\r\n`,
          'latin1',
        ),
    ],
    [
      'obs-fold',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}X-A: a\r\n  folded\r\nConnection: close\r\n\r\n`,
        ),
    ],
    [
      'no-colon',
      () => Buffer.from(`GET ${path} HTTP/1.1\r\n${host}NoColonHere\r\nConnection: close\r\n\r\n`),
    ],
    [
      'huge-header',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}X-Big: ${'b'.repeat(rng.int(17_000, 80_000))}\r\nConnection: close\r\n\r\n`,
        ),
    ],
    [
      'te-and-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
        ),
    ],
    [
      'bad-chunk',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ),
    ],
    [
      'chunk-overflow',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nffffffffffffffffff\r\n{}\r\n0\r\n\r\n`,
        ),
    ],
    [
      'two-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'neg-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'huge-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'te-gzip',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'body-encoding',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    ['pipelined', () => Buffer.from(`GET ${path} HTTP/1.1\r\n${host}\r\nGARBAGE\r\n\r\n`)],
    [
      'absolute-form',
      () =>
        Buffer.from(`GET http://evil.example${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    ['asterisk', () => Buffer.from(`OPTIONS * HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)],
    [
      'connect',
      () => Buffer.from(`CONNECT 127.0.0.1:22 HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    [
      'bad-host',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\nHost: ${rng.pick(['', '%%%', 'a b', '[::1', 'x'.repeat(3000), 'evil.example:99999'])}\r\nConnection: close\r\n\r\n`,
        ),
    ],
    [
      'two-hosts',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}Host: evil.example\r\nConnection: close\r\n\r\n`,
        ),
    ],
  ];
  const [name, make] = rng.pick(variants);
  return {
    kind: `framing:${name}`,
    route: null,
    method: 'GET',
    target: path,
    bytes: make(),
    sent: { xsrf: false, member: false, admin: false },
    oddPath: true,
    brokenFraming: true,
  };
}
