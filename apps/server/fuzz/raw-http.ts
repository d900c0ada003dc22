// A deliberately dumb HTTP/1.1 client over node:net: it writes whatever bytes it is given (broken
// request lines, invalid header names, bad percent-encoding, conflicting lengths) that node:http
// and app.inject refuse to send, and reads one answer back.
import net from 'node:net';
import zlib from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** Decoded body (chunked and content-encoding undone). */
  body: Buffer;
  /** Set when the body could not be decoded (a corrupt chunk or compressed stream). */
  decodeError?: string;
}

export interface RawResult {
  answer: RawAnswer | null;
  /** Why there is no answer: 'timeout', 'closed' (the server closed without a byte), an error code. */
  failure?: string;
  ms: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

function dechunk(data: Buffer): { body: Buffer; done: boolean } | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) return { body: Buffer.concat(parts), done: false };
    const size = parseInt(data.subarray(at, eol).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size) || size < 0) return null;
    if (size === 0) return { body: Buffer.concat(parts), done: true };
    if (eol + 2 + size + 2 > data.length) return { body: Buffer.concat(parts), done: false };
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    default:
      return body;
  }
}

interface Parsed {
  answer: RawAnswer;
  complete: boolean;
}

/** Parses the first final answer in `data` (1xx interim answers other than 101 are skipped). */
function parse(data: Buffer, head: boolean, ended: boolean): Parsed | null {
  let start = 0;
  for (;;) {
    const end = data.indexOf(CRLF2, start);
    if (end < 0) return null;
    const lines = data.subarray(start, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN);
    if (!Number.isFinite(status)) throw new Error(`bad status line: ${lines[0]?.slice(0, 80)}`);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const name = line.slice(0, i).trim().toLowerCase();
      const value = line.slice(i + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const rest = data.subarray(end + 4);
    if (status >= 100 && status < 200 && status !== 101) {
      start = end + 4;
      continue;
    }
    const answer: RawAnswer = { status, headers, body: Buffer.alloc(0) };
    if (status === 101 || status === 204 || status === 304 || head) {
      return { answer, complete: true };
    }
    let raw: Buffer;
    let complete: boolean;
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const d = dechunk(rest);
      if (!d) {
        answer.decodeError = 'bad chunk';
        return { answer, complete: true };
      }
      raw = d.body;
      complete = d.done;
    } else if (headers['content-length'] !== undefined) {
      const len = Number(headers['content-length']);
      raw = rest.subarray(0, len);
      complete = rest.length >= len;
    } else {
      raw = rest;
      complete = ended;
    }
    if (complete || ended) {
      try {
        answer.body = decode(raw, headers['content-encoding']);
      } catch (err) {
        answer.decodeError = `content-encoding: ${(err as Error).message}`;
        answer.body = raw;
      }
    }
    return { answer, complete };
  }
}

export interface RawOptions {
  host: string;
  port: number;
  /** Source address (any 127.x.y.z on Linux), so per-address limits see several clients. */
  localAddress?: string;
  timeoutMs?: number;
  /** The request was HEAD: an answer has no body whatever its headers say. */
  head?: boolean;
  /** Written after a 101 answer (e.g. broken WebSocket frames) before hanging up. */
  afterUpgrade?: Buffer;
}

/** Sends `bytes` on a fresh connection and resolves with the first answer (never rejects). */
export function sendRaw(bytes: Buffer, opts: RawOptions): Promise<RawResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect({
      host: opts.host,
      port: opts.port,
      localAddress: opts.localAddress,
    });
    const finish = (answer: RawAnswer | null, failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (answer?.status === 101 && opts.afterUpgrade) {
        socket.end(opts.afterUpgrade);
        setTimeout(() => socket.destroy(), 50).unref();
      } else {
        socket.destroy();
      }
      resolve({ answer, failure, ms: performance.now() - started });
    };
    const timer = setTimeout(() => {
      const data = Buffer.concat(chunks);
      let parsed: Parsed | null = null;
      try {
        parsed = parse(data, Boolean(opts.head), true);
      } catch {
        // fall through to the timeout
      }
      finish(parsed?.answer ?? null, parsed ? undefined : 'timeout');
    }, opts.timeoutMs ?? 15_000);
    const attempt = (ended: boolean) => {
      try {
        const parsed = parse(Buffer.concat(chunks), Boolean(opts.head), ended);
        if (parsed && (parsed.complete || ended)) finish(parsed.answer);
        else if (ended) finish(null, chunks.length ? 'truncated' : 'closed');
      } catch (err) {
        finish(null, (err as Error).message);
      }
    };
    socket.on('data', (d) => {
      chunks.push(d);
      attempt(false);
    });
    socket.on('end', () => attempt(true));
    socket.on('close', () => attempt(true));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the answer was written still leaves a readable answer.
      if (chunks.length) attempt(true);
      finish(null, err.code ?? err.message);
    });
    socket.write(bytes);
  });
}
