// Whether the data on screen came from the service worker's cache (the network was unreachable)
// and how old it is. Kept tiny: it is on the first load; the badge that shows it is not.

/** Time (ms) the cached answer was stored, or null when the last answer was live. */
let cachedAt: number | null = null;
const listeners = new Set<(at: number | null) => void>();

export const CACHED_AT_HEADER = 'x-kj-cached-at';

/** Called with every answer of the public API (see getPublic). */
export function noteDataResponse(headers: Pick<Headers, 'get'> | undefined): void {
  const raw = headers?.get(CACHED_AT_HEADER);
  const next = raw && Number.isFinite(Number(raw)) ? Number(raw) : null;
  if (next === cachedAt) return;
  cachedAt = next;
  for (const l of listeners) l(next);
}

export function offlineDataTime(): number | null {
  return cachedAt;
}

export function onOfflineDataChange(listener: (at: number | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
