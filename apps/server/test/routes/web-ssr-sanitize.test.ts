// Content HTML is cleaned on the server render too: the web app's DOMPurify needs a DOM, so the
// SSR build swaps in sanitize-html with the store-time allowlist. The real server renderer is
// built here (vite build --ssr, a few seconds) and fed HTML written straight into the database,
// past the store-time sanitiser, as a compromised or hand-edited database would hold it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const WEB = path.resolve(import.meta.dirname, '../../../web');
const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>开奖</title>
<!--kj-runtime-config--><script type="module" crossorigin src="/assets/index-e1.js"></script>
</head><body><!--kj-boot--><div id="kj-boot">正在加载</div><div id="root"></div><!--/kj-boot--></body></html>`;
const PAYLOAD =
  '<p>关于我们 SAFE-TEXT</p><script>window.pwned=1</script>' +
  '<img src="x" onerror="window.pwned=2"><a href="javascript:alert(3)">link</a>' +
  '<svg><script>alert(4)</script></svg><iframe src="https://evil.example/"></iframe>';

describe('server-rendered content HTML', () => {
  let t: TestApp;
  let out: string;

  beforeAll(async () => {
    out = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-ssr-build-'));
    const vite = path.resolve(WEB, '../../node_modules/.bin/vite');
    const build = spawnSync(
      vite,
      ['build', '--ssr', 'src/entry-server.tsx', '--outDir', out, '--logLevel', 'error'],
      { cwd: WEB, encoding: 'utf8', timeout: 120_000 },
    );
    if (build.status !== 0) throw new Error(`SSR build failed: ${build.stderr}${build.stdout}`);
    t = await createTestApp({ webSsr: path.join(out, 'entry-server.js') });
    await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
    const code = t.app.config.companyCode;
    await t.app.db
      .updateTable('companies')
      .set({ about_us: PAYLOAD })
      .where('code', '=', code)
      .execute();
    t.app.staticFiles.invalidate();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fs.rm(out, { recursive: true, force: true });
  });

  it('renders the about-us text without scripts, handlers or javascript: links', async () => {
    const res = await t.app.inject({ url: '/about-us', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    // The rendered text, up to the end of its section (the page's own scripts follow later).
    const start = res.body.indexOf('<div class="kj-prose">');
    expect(start).toBeGreaterThan(0);
    const rendered = res.body.slice(start, res.body.indexOf('</section>', start));
    // The text itself was rendered on the server…
    expect(rendered).toContain('SAFE-TEXT');
    // …and nothing that runs came with it.
    expect(rendered).not.toMatch(/<script/i);
    expect(rendered).not.toMatch(/onerror/i);
    expect(rendered).not.toMatch(/javascript:/i);
    expect(rendered).not.toMatch(/<iframe/i);
    expect(rendered).not.toContain('pwned');
  });
});
