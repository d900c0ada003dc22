import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../../src/services/page-renderer.ts';

/** A renderer module whose pageKey counts its calls in a global of its own `name`. */
const moduleText = (name: string, prefix: string) => `
globalThis.${name} = 0;
export function pageKey(url) {
  globalThis.${name} += 1;
  return '${prefix}' + new URL(url, 'http://x.invalid').pathname;
}
export async function render() { return null; }
`;

const calls = (name: string) => (globalThis as unknown as Record<string, number>)[name] ?? 0;

describe('page keys', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-renderer-'));
    file = path.join(dir, 'entry-server.mjs');
    await fs.writeFile(file, moduleText('kjKeysA', 'a:'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('are worked out once per address and renderer, bounded, and again after a rebuild', async () => {
    const renderer = createPageRenderer(file, (err) => {
      throw err;
    });
    expect(await renderer.key('/game/110?x=1')).toBe('a:/game/110');
    expect(await renderer.key('/game/110?x=1')).toBe('a:/game/110');
    expect(calls('kjKeysA')).toBe(1);

    // A long address (the visitor's to make up) is not kept.
    const long = `/game/110?${'q'.repeat(600)}`;
    await renderer.key(long);
    await renderer.key(long);
    expect(calls('kjKeysA')).toBe(3);

    // Past 2,000 addresses the least recently asked is dropped: the first is worked out again.
    for (let i = 0; i < 2_000; i += 1) await renderer.key(`/news/${i}`);
    const before = calls('kjKeysA');
    await renderer.key('/game/110?x=1');
    expect(calls('kjKeysA')).toBe(before + 1);

    // A new build of the renderer keys its pages its own way.
    await fs.writeFile(file, moduleText('kjKeysB', 'b:'));
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(file, later, later);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await renderer.key('/game/110?x=1')).toBe('b:/game/110');
  });
});
