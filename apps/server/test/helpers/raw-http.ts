// Requests written byte for byte on a real socket: light-my-request and Node's http client both
// tidy a path before sending it, and the spellings they tidy are exactly what some tests are about.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  json(): unknown;
}

export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return address.port;
}

/** One HTTP/1.1 request with `Connection: close`; `path` goes on the request line as given. */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${path}`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, split).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1]);
      if (!status || split < 0) {
        return reject(new Error(`not an HTTP answer: ${JSON.stringify(all.toString())}`));
      }
      const hdrs: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        hdrs[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let bytes: Buffer = all.subarray(split + 4);
      if (/chunked/i.test(hdrs['transfer-encoding'] ?? '')) bytes = unchunk(bytes);
      const payload = bytes.toString('utf8');
      resolve({ status, headers: hdrs, body: payload, json: () => JSON.parse(payload) });
    });
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (body || !['GET', 'HEAD'].includes(method)) {
      lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = data;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(eol + 2, eol + 2 + size));
    rest = rest.subarray(eol + 2 + size + 2);
  }
}
