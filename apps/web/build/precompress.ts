import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Writes `.br` and `.gz` beside every text asset so the server can send them without compressing per request. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      let count = 0;
      for await (const file of walk(outDir)) {
        // The manifest is read by our scripts, never by browsers.
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const source = await readFile(file);
        await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        count += 1;
      }
      this.info(`precompressed ${count} files (.br, .gz)`);
    },
  };
}
