// Answers Fastify and Node give before any route or error handler runs (a URL the router cannot
// decode, a parameter over the router's length limit, a request Node's parser refuses or times
// out): the §4 envelope like every other answer, or a small page for a visitor's browser.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';
import { elapsedMs } from './request-log.ts';
import { acceptsHtml, isReservedPath } from './http.ts';

const BAD_URL_PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>开奖网 · 网址无效</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#333;line-height:1.6}h1{font-size:1.4rem;color:#df0000}</style>
</head>
<body><h1>网址无效</h1><p>这个网址的格式不正确，请检查后重试。</p><p><a href="/">返回首页</a></p></body></html>
`;

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

/** Fastify's `frameworkErrors`: FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH, async constraints. */
export function frameworkErrors(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  if (request.server.accessMinute.mayLog(status)) {
    request.log.info({ code: err.code }, 'malformed request url');
  }
  reply.code(status).headers(SECURITY_HEADERS);
  const page =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isReservedPath(request.url) &&
    acceptsHtml(request.headers.accept);
  if (page) reply.type('text/html; charset=utf-8').send(BAD_URL_PAGE);
  else reply.send(fail('REQ/INVALID', '请求地址有误'));
  // Refused before routing, the request runs none of the hooks: the minute line counts it here.
  request.server.accessMinute.add(status, elapsedMs(request));
  return reply;
}

/** What Node's parser refuses (bad request line or headers, headers too large, timed out). */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    fail('REQ/INVALID', status === 408 ? '请求超时，请重试' : '请求格式有误'),
  );
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
