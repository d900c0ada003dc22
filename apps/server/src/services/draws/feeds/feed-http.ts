/** A feed answered with something we will not use (unreachable, HTTP error, garbage, too big). */
export class FeedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedError';
  }
}

/** The body as text, read until `max` bytes at most; past that the request is aborted. */
export async function readCapped(res: Response, max: number, abort: () => void): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) {
    abort();
    throw new FeedError(`answer over ${max} bytes`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      abort();
      await reader.cancel().catch(() => undefined);
      throw new FeedError(`answer over ${max} bytes`);
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}

export interface FeedRequest {
  url: string;
  timeoutMs: number;
  maxBytes: number;
  method?: 'GET' | 'POST';
  body?: unknown;
  /** A 404 answers null instead of failing. */
  allow404?: boolean;
}

/**
 * One JSON request to a feed: a timeout for the whole exchange, no redirects (a feed that moves
 * is reconfigured by an operator, not followed), the body read up to a byte cap.
 */
export async function fetchJson(req: FeedRequest): Promise<unknown> {
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(req.timeoutMs)]);
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? 'GET',
      signal,
      headers: {
        accept: 'application/json',
        ...(req.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(req.body !== undefined && { body: JSON.stringify(req.body) }),
      redirect: 'error',
    });
  } catch (err) {
    throw new FeedError(signal.aborted ? 'no answer in time' : 'unreachable', { cause: err });
  }
  if (req.allow404 && res.status === 404) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new FeedError(`HTTP ${res.status}`);
  }
  let text: string;
  try {
    text = await readCapped(res, req.maxBytes, () => stop.abort());
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(signal.aborted ? 'answer too slow' : 'answer cut off', { cause: err });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new FeedError('not JSON', { cause: err });
  }
}
