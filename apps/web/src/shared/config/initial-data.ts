/**
 * The start-up data the server inlines into index.html as
 * `<script id="kj-data" type="application/json">` (static data files by name, `draws/latest`), so
 * the first screen paints without waiting for those requests. Each entry serves one read: later
 * reads (refreshes, retries) go to the network.
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

/** The inlined value for `key` (once), or undefined. */
export function takeInitialData<T>(key: string): T | undefined {
  entries ??= read(typeof document === 'undefined' ? undefined : document);
  if (!entries.has(key)) return undefined;
  const value = entries.get(key) as T;
  entries.delete(key);
  return value;
}

/** For tests: forget what was read, so the next read looks at the document again. */
export function resetInitialData(): void {
  entries = null;
}

/** On the server: the start-up data of the page being rendered, read as the browser would. */
export function provideInitialData(data: Record<string, unknown>): void {
  entries = new Map(Object.entries(data));
}
