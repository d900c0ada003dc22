/**
 * The start-up data the server inlines into index.html as
 * `<script id="kj-data" type="application/json">` (static data files by name, `draws/latest`), so
 * the first screen paints without waiting for those requests, and the first answers of a
 * server-rendered screen (keyed by apiDataKey of @kaijiang/domain). Each entry serves one read:
 * later reads (refreshes, retries) go to the network.
 */
let entries: Map<string, unknown> | null = null;

function read(doc: Document | undefined): Map<string, unknown> {
  const text = doc?.getElementById('kj-data')?.textContent;
  if (!text) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? new Map(Object.entries(parsed)) : new Map();
  } catch {
    console.warn('kj-data is not valid JSON; fetching instead');
    return new Map();
  }
}

function current(): Map<string, unknown> {
  entries ??= read(typeof document === 'undefined' ? undefined : document);
  return entries;
}

/** The inlined value for `key` (once), or undefined. */
export function takeInitialData<T>(key: string): T | undefined {
  const map = current();
  if (!map.has(key)) return undefined;
  const value = map.get(key) as T;
  map.delete(key);
  return value;
}

/**
 * The inlined value for `key` without using it up: for a screen's first render, which may run
 * more than once before it is committed (StrictMode, a render thrown away), and must give the
 * same markup each time. The screen takes the entry (takeInitialData) once it has committed.
 */
export function peekInitialData<T>(key: string): T | undefined {
  return current().get(key) as T | undefined;
}

/** For tests: forget what was read, so the next read looks at the document again. */
export function resetInitialData(): void {
  entries = null;
}

/** On the server: the start-up data of the page being rendered, read as the browser would. */
export function provideInitialData(data: Record<string, unknown>): void {
  entries = new Map(Object.entries(data));
}
