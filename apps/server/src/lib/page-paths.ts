// The pages of the web app (spec §2), as its router matches them: the server answers 404 for any
// other path, with the app's not-found screen, instead of a 200 that search engines would index.
// test/lib/page-paths.test.ts keeps this list equal to apps/web/src/shared/config/paths.ts.
import { requestPath } from './request-path.ts';

export const PAGE_PATTERNS = [
  '/',
  '/auth',
  '/auth/login',
  '/auth/register',
  '/game/:id',
  '/news',
  '/news-detail/:newsId',
  '/live',
  '/lottery-result',
  '/lottery-history',
  '/lottery-trend/:gameId',
  '/instruct-api',
  '/contact',
  '/team-condition',
  '/about-us',
  '/ask-question',
  '/disclaimer',
  '/my-message',
  '/profile',
  '/setting',
  '/game-info',
  '/gallery',
  '/gallery/:gameId/:seriesId',
  '/gallery/:gameId/:seriesId/:issue',
  '/gallery/:gameId/:seriesId/year/:year',
  // The old one-series gallery's pictures: the web's router moves them on to /gallery.
  '/gallery-detail/:gameId/:id',
  '/change-password',
  '/user-information',
  '/collection',
  '/more-action',
  '/more-action/tool-assistant',
  '/login',
  '/register',
] as const;

/** The game `/` shows (apps/web/src/shared/config/paths.ts, DEFAULT_GAME_ID). */
export const DEFAULT_GAME_ID = 110;

/**
 * Addresses that are another screen's: the server answers them with a redirect at once, not with
 * the app's shell that would move on after it has loaded (the web's router does the same for a
 * link followed inside the app).
 */
export const PAGE_REDIRECTS: Readonly<Record<string, string>> = {
  '/': `/game/${DEFAULT_GAME_ID}`,
  '/auth': '/auth/login',
  '/login': '/auth/login',
  '/register': '/auth/register',
};

const split = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = PAGE_PATTERNS.map(split);

/** True when the web app has a screen at this URL (case-insensitive, as its router matches). */
export function isPagePath(url: string): boolean {
  const segments = split(requestPath(url).toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((p, i) => p.startsWith(':') || p === segments[i]),
  );
}

/** A file name at the end of the path (`/assets/x.js`, `/favicon.ico`): not a page. */
export function looksLikeFile(url: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(requestPath(url));
}
