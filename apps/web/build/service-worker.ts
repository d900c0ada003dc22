import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Besides the shell's hashed assets: the install files that never change name. */
const STATIC_PRECACHE = ['/manifest.webmanifest', '/icons/icon-192.png', '/favicon.svg'];

/**
 * Emits /sw.js from build/sw-template.js with the first load's hashed assets (the entry, its
 * static imports and their CSS) as the precache list and a version that changes with them, so
 * a new build makes browsers install a new worker (which then waits for the visitor).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'kj-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const files = new Set<string>();
      const visit = (name: string) => {
        const chunk = bundle[name];
        if (!chunk || chunk.type !== 'chunk' || files.has(`/${name}`)) return;
        files.add(`/${name}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
        for (const dep of chunk.imports) visit(dep);
      };
      for (const [name, out] of Object.entries(bundle)) {
        if (out.type === 'chunk' && (out.isEntry || out.name === 'register-sw')) visit(name);
        // Every stylesheet (a few kB): a server-rendered page inlines its screen's styles, so the
        // browser never fetches them, yet the offline shell's chunks wait for them.
        if (out.type === 'asset' && name.endsWith('.css')) files.add(`/${name}`);
      }
      const precache = [...[...files].sort(), ...STATIC_PRECACHE];
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const template = await readFile(path.join(import.meta.dirname, 'sw-template.js'), 'utf8');
      if (!template.includes('/* kj-precache */ []'))
        throw new Error('sw-template.js lost its precache marker');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('__KJ_SW_VERSION__', version)
          .replace('/* kj-precache */ []', JSON.stringify(precache)),
      });
    },
  };
}
