import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes the document at /app-api/docs/json', async () => {
    const res = await t.app.inject('/app-api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.0.2');
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/app-api/health',
        '/sys-upload/data/json/config.json',
        '/sys-upload/data/json/five-elements.json',
        '/sys-upload/data/json/games.json',
        '/sys-upload/data/json/game_center.json',
        '/sys-upload/data/json/company/{code}/notice_list.json',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/sys-upload/data/json/company/{code}'))).toBe(true);
    // The web app's own routes are not API.
    expect(paths).not.toContain('/');
    expect(doc.paths['/sys-upload/data/json/games.json'].get.responses['200']).toBeDefined();
  });

  it('serves the UI with same-origin scripts only, so it works under the CSP', async () => {
    const res = await t.app.inject({ url: '/app-api/docs', headers: { accept: 'text/html' } });
    const page = res.statusCode === 302 ? await t.app.inject(res.headers.location as string) : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/')).toBe(true);
      expect((await t.app.inject(src)).statusCode, src).toBe(200);
    }
  });
});
