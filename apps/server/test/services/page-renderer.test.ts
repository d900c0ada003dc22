import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../src/services/pages/render-thread.ts';

/**
 * A renderer module whose pageKey numbers its calls in the key it gives (it runs in the render
 * thread, so the count travels back in the key): the same number twice means worked out once.
 */
const moduleText = (prefix: string) => `
let calls = 0;
export function pageKey(url) {
  calls += 1;
  return '${prefix}' + calls + ':' + new URL(url, 'http://x.invalid').pathname;
}
export async function render() { return null; }
`;

describe('page keys', () => {
  let dir: string;
  let file: string;
  let renderer: ReturnType<typeof createPageRenderer>;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-renderer-'));
    file = path.join(dir, 'entry-server.mjs');
    await fs.writeFile(file, moduleText('a'));
    renderer = createPageRenderer(file, (err) => {
      throw err;
    });
  });
  /** A renderer file whose render runs `first`, then renders `<main>` with the address. */
  async function rendererFirst(name: string, first: string): Promise<string> {
    const at = path.join(dir, name);
    await fs.writeFile(
      at,
      `export async function render(url) {
        ${first}
        return { html: '<main>' + url + '</main>', status: 200, locale: 'zh-Hans', routeIds: [] };
      }`,
    );
    return at;
  }
  afterAll(async () => {
    await renderer.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('are worked out once per address and renderer, bounded, and again after a rebuild', async () => {
    expect(await renderer.key('/game/110?x=1')).toBe('a1:/game/110');
    expect(await renderer.key('/game/110?x=1')).toBe('a1:/game/110');

    // A long address (the visitor's to make up) is not kept.
    const long = `/game/110?${'q'.repeat(600)}`;
    expect(await renderer.key(long)).toBe('a2:/game/110');
    expect(await renderer.key(long)).toBe('a3:/game/110');

    // Past 2,000 addresses the least recently asked is dropped: the first is worked out again.
    for (let i = 0; i < 2_000; i += 1) await renderer.key(`/news/${i}`);
    expect(await renderer.key('/news/1999')).toBe('a2003:/news/1999');
    expect(await renderer.key('/game/110?x=1')).toBe('a2004:/game/110');

    // A new build of the renderer keys its pages its own way.
    await fs.writeFile(file, moduleText('b'));
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(file, later, later);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await renderer.key('/game/110?x=1')).toBe('b1:/game/110');
  });

  it('keys requests that arrive together, before the renderer was first looked at', async () => {
    const fresh = createPageRenderer(file, (err) => {
      throw err;
    });
    const keys = await Promise.all([fresh.key('/news/x?y=1'), fresh.key('/game/9?y=1')]);
    expect(keys[0]).toMatch(/^[ab]\d+:\/news\/x$/);
    expect(keys[1]).toMatch(/^[ab]\d+:\/game\/9$/);
    await fresh.close();
  });

  it('gives up on a render stuck in its thread, and renders again in a new one', async () => {
    const stuck = await rendererFirst('stuck.mjs', "if (url === '/loop') for (;;);");
    const errors: unknown[] = [];
    const r = createPageRenderer(stuck, (err) => errors.push(err), { timeoutMs: 2_000 });
    expect(await r.render('/loop', fetch)).toBeNull();
    expect(String(errors[0])).toContain('no answer in 2000 ms');
    expect(await r.render('/ok', fetch)).toMatchObject({ html: '<main>/ok</main>' });
    await r.close();
  });

  it('sends pages unrendered for a while after its thread dies, then starts a new one', async () => {
    const crashing = await rendererFirst(
      'crashing.mjs',
      "if (url === '/crash') setTimeout(() => { throw new Error('thrown outside a render'); });",
    );
    const errors: unknown[] = [];
    const r = createPageRenderer(crashing, (err) => errors.push(err), { restartPauseMs: 1_000 });
    expect(await r.render('/crash', fetch)).toMatchObject({ html: '<main>/crash</main>' });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the thread dies
    expect(String(errors[0])).toContain('thrown outside a render');
    expect(await r.render('/ok', fetch)).toBeNull();
    expect(await r.key('/ok?x=1')).toBe('/ok');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await r.render('/ok', fetch)).toMatchObject({ html: '<main>/ok</main>' });
    expect(errors).toHaveLength(1);
    await r.close();
  });

  it('falls back to the path when the renderer cannot be loaded', async () => {
    const broken = createPageRenderer(path.join(dir, 'missing.mjs'), () => {});
    expect(await broken.key('/game/110?x=1')).toBe('/game/110');
    expect(await broken.render('/game/110', fetch)).toBeNull();
    await broken.close();
  });
});
