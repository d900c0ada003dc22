export interface TryResult {
  status: number;
  ms: number;
  contentType: string;
  /** Pretty JSON, or the text as it came. */
  text: string;
}

/** Calls an endpoint the way a webmaster's code would, and shows what came back as is. */
export async function tryCall(url: string, signal?: AbortSignal): Promise<TryResult> {
  const started = performance.now();
  const res = await fetch(url, { signal });
  const contentType = res.headers.get('content-type') ?? '';
  const raw = await res.text();
  let text = raw;
  if (contentType.includes('json')) {
    try {
      text = JSON.stringify(JSON.parse(raw), null, 2);
    } catch {
      // Shown as it came.
    }
  }
  return { status: res.status, ms: Math.round(performance.now() - started), contentType, text };
}
