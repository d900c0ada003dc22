// How long a browser and a shared cache (a CDN in front of us) may keep each kind of public
// answer. At draw time everyone asks at once: a short s-maxage lets the CDN answer most of them,
// and stale-while-revalidate lets it keep answering while it fetches the next version, so the
// spike reaches us as one request per URL per interval instead of one per visitor. Member and
// operator answers are `no-store` (never here), and an answer that sets a cookie is made private
// whatever its route says (plugins/app/xsrf.ts).

/** The draw in progress and its countdown: a second old at most, two more while refetched. */
export const LIVE_CACHE = 'public, max-age=1, s-maxage=1, stale-while-revalidate=2';
/**
 * A server-rendered page: the same for every visitor (it is rendered for its path, never for a
 * request's cookies or headers) and rendered again every 2 s at most. A browser asks again each
 * time and never shows one it has not revalidated (its data seeds the page's cache, and a page
 * seconds old after an operator's change would look like the change failed); a CDN answers
 * everyone for 2 s, so a surge of first visits reaches us as one request per page and interval.
 */
export const PAGE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=2';
/**
 * The same page's lifetime for a CDN that reads its own header (RFC 9213: Cloudflare, Fastly,
 * Akamai): it may also keep answering for a few seconds while it fetches the next render.
 */
export const PAGE_CDN_CACHE = 'max-age=2, stale-while-revalidate=8';
/** Lists of finished draws of this year: a new one arrives every few minutes at most. */
export const RECENT_CACHE = 'public, max-age=5, s-maxage=5, stale-while-revalidate=30';
/** What no longer changes short of an import (a finished draw, a past year). */
export const SETTLED_CACHE = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400';
/** Content lists change when an operator publishes. */
export const LIST_CACHE = 'public, max-age=30, s-maxage=30, stale-while-revalidate=300';
/** Content that rarely changes (company texts, reference tables). */
export const STABLE_CACHE = 'public, max-age=300, s-maxage=300, stale-while-revalidate=3600';
/**
 * The data files: clients append ?_t=<now> anyway; a short max-age spares repeat visits a round
 * trip while stale-while-revalidate keeps the page instant when a file changes.
 */
export const DATA_CACHE = 'public, max-age=30, s-maxage=30, stale-while-revalidate=300';

/** Whether a shared cache (a CDN) may keep an answer with this Cache-Control. */
export const sharedCacheable = (cacheControl: unknown): boolean =>
  typeof cacheControl === 'string' && /(?:^|,)\s*(?:public|s-maxage=)/i.test(cacheControl);

/**
 * The same lifetime for this browser only: what an answer that sets a cookie must say, or a
 * shared cache would hand one visitor's cookie to the next.
 */
export function privately(cacheControl: string): string {
  const maxAge = /(?:^|,)\s*max-age=(\d+)/.exec(cacheControl)?.[1];
  if (/no-store/.test(cacheControl)) return cacheControl;
  return maxAge === undefined ? 'private, no-cache' : `private, max-age=${maxAge}`;
}
