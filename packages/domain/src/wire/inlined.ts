/**
 * Lists the web app reads a page at a time, and how their answers travel inside the page: the
 * server answers a screen's first request itself and inlines the answer into index.html as
 * start-up data (`<script id="kj-data">`), so the screen is rendered with its content and the
 * browser shows it without asking again. Both sides must name that request the same way.
 */
export const NEWS_PAGE_SIZE = 10;
export const GALLERY_PAGE_SIZE = 12;
export const HISTORY_PAGE_SIZE = 20;

export type ApiQuery = Record<string, string | number | undefined>;

/**
 * The start-up data key of a public API call (GET under the v2 base, `/app-api/api/v2`): its path
 * without the leading slash, then its query with unset values left out and the rest sorted by
 * name, e.g. `news?page=1&pageSize=10` or `draws/history?gameId=110&page=1&pageSize=20&year=2025`.
 * A call without a query is its path alone (`draws/latest`). The key is also a valid URL under the
 * v2 base for that same call.
 */
export function apiDataKey(path: string, query: ApiQuery = {}): string {
  const pairs = Object.keys(query)
    .sort()
    .flatMap((name) => {
      const value = query[name];
      return value === undefined
        ? []
        : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`];
    });
  const bare = path.replace(/^\/+/, '');
  return pairs.length ? `${bare}?${pairs.join('&')}` : bare;
}
