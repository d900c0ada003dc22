import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.ts';

const ANSWERS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', '请求超时'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', '请求头过大'],
};

/**
 * Requests Node's HTTP parser refuses (a broken request line, a header too large, a bad chunk, a
 * timeout) never reach the app's error handler. They get the §4 envelope all the same, instead
 * of Fastify's own `{ error, message, statusCode }` shape.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] = ANSWERS[err.code ?? ''] ?? [400, 'Bad Request', '请求格式有误'];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(fail('REQ/INVALID', msg));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
