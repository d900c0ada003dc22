// The web build's hashed files (/assets/…), kept in memory as ready answers with the build's own
// .br and .gz siblings. Served through the static plugin, every request was a path-spelling
// readdir, a stat, an open, reads and a close: at draw time the first visits of a few hundred
// visitors a second fetch ~25 of these each, and the disk calls were most of the server's work.
// A name is read from disk once, when first asked for: the cache holds only files that exist in
// the build (their number bounded by the build), so nothing a client sends can grow it.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ContentCoding } from '../../lib/http.ts';
import { readyBytes, strongTag, type ReadyAnswer } from '../../lib/ready-answer.ts';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  woff2: 'font/woff2',
  json: 'application/json; charset=utf-8',
};

/** A built asset's name: letters, digits, `_` and `-`, one known extension. */
const NAME = /^[\w-]{1,100}\.([a-z0-9]{2,5})$/;

export interface HashedAssets {
  /** The file as a ready answer, or null when the build has no such file. */
  get(name: string): Promise<ReadyAnswer | null>;
  /** The file once read, without a promise (the route's every-request path), else undefined. */
  peek(name: string): ReadyAnswer | undefined;
}

export function createHashedAssets(dir: string): HashedAssets {
  const kept = new Map<string, Promise<ReadyAnswer | null>>();
  const ready = new Map<string, ReadyAnswer>();
  const read = (file: string) => fs.readFile(file).catch(() => undefined);

  async function load(name: string, type: string): Promise<ReadyAnswer | null> {
    const file = path.join(dir, name);
    const [identity, br, gzip] = await Promise.all([
      read(file),
      read(`${file}.br`),
      read(`${file}.gz`),
    ]);
    if (!identity) return null;
    const precoded: Partial<Record<ContentCoding, Buffer>> = {};
    if (br) precoded.br = br;
    if (gzip) precoded.gzip = gzip;
    return readyBytes(identity, type, strongTag(identity), precoded);
  }

  return {
    get(name) {
      const m = NAME.exec(name);
      const type = m && TYPES[m[1]!];
      if (!type) return Promise.resolve(null);
      let answer = kept.get(name);
      if (!answer) {
        answer = load(name, type);
        kept.set(name, answer);
        // A miss is not kept: a name that is not in the build costs a failed open each time, as
        // before, instead of a place in memory (a build made later may add it).
        void answer.then((a) => {
          if (a) ready.set(name, a);
          else kept.delete(name);
        });
      }
      return answer;
    },
    peek: (name) => ready.get(name),
  };
}
