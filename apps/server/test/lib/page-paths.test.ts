import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPagePath, looksLikeFile, PAGE_PATTERNS } from '../../src/lib/page-paths.ts';

// The web app's own route table (read as text: the server may not import the web app). The
// server's list must not drift from it.
const WEB_PATHS = path.resolve(import.meta.dirname, '../../../web/src/shared/config/paths.ts');
const webPatterns = [...fs.readFileSync(WEB_PATHS, 'utf8').matchAll(/\bpath: '([^']+)'/g)].map(
  (m) => m[1]!,
);

describe('page paths', () => {
  it('are exactly the web app routes', () => {
    expect(webPatterns.length).toBeGreaterThan(20);
    expect([...PAGE_PATTERNS].sort()).toEqual(webPatterns.sort());
  });

  it('match as the web router does', () => {
    for (const url of [
      '/',
      '/game/110',
      '/game/abc?x=1',
      '/GAME/110/',
      '//news',
      '/news-detail/5',
      '/gallery-detail/110/3',
      '/gallery/110/7',
      '/gallery/110/7/2026123',
      '/gallery/110/7/year/2026',
      '/more-action/tool-assistant',
      '/auth/login?redirect=%2Fprofile',
    ]) {
      expect(isPagePath(url), url).toBe(true);
    }
    for (const url of [
      '/game',
      '/game/1/2',
      '/nope',
      '/news/x',
      '/gallery-detail/1',
      '/gallery/110/7/year/2026/x',
      '/index.htm',
    ]) {
      expect(isPagePath(url), url).toBe(false);
    }
  });

  it('tell files from pages', () => {
    expect(looksLikeFile('/assets/x-1.js')).toBe(true);
    expect(looksLikeFile('/favicon.ico?v=2')).toBe(true);
    expect(looksLikeFile('/game/110')).toBe(false);
    expect(looksLikeFile('/news')).toBe(false);
  });
});
