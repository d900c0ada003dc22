// The console's page under /admin: the built page for every console path, never cached, its
// hashed files cached for good, and a clear page when it was not built.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let built: TestApp;
let unbuilt: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(process.env.TMPDIR ?? '/tmp', 'kj-console-dist-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'console.html'), '<!doctype html><title>管理后台</title>');
  await fs.writeFile(path.join(dir, 'assets', 'console-abcd1234.js'), 'console.log(1)');
  built = await createTestApp({ consoleDist: dir });
  unbuilt = await createTestApp({ consoleDist: path.join(dir, 'missing') });
});
afterAll(async () => {
  await built.close();
  await unbuilt.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('/admin', () => {
  it('answers the console page for every console path, never cached, not indexed', async () => {
    for (const url of ['/admin', '/admin/', '/admin/desk', '/admin/members?q=x']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('管理后台');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('serves its hashed files for a year, and 404 for others', async () => {
    const js = await built.app.inject({ method: 'GET', url: '/admin/assets/console-abcd1234.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toContain('immutable');
    const missing = await built.app.inject({ method: 'GET', url: '/admin/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    const escape = await built.app.inject({
      method: 'GET',
      url: '/admin/assets/..%2f..%2fconsole.html',
    });
    expect(escape.statusCode).toBe(404);
  });

  it('says the console is not built instead of failing', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});
