import { ConverterFactory, type ConverterFunction } from 'opencc-js/core';
import STCharacters from 'opencc-js/dict/STCharacters';
import cn from 'opencc-js/from/cn';
import tw from 'opencc-js/to/tw';
import type { Plugin } from 'vite';

/** The module the 繁 layer imports its phrase table from (src/shared/i18n/to-traditional.ts). */
export const PHRASES_MODULE = 'virtual:kj-st-phrases';
const RESOLVED = `\0${PHRASES_MODULE}`;

/** opencc-js's Simplified→Traditional phrase table, as the `from/cn` preset loads it. */
function fullPhrases(): string {
  const table = cn[0]?.[0];
  if (typeof table !== 'string') throw new Error('opencc-js/from/cn: no phrase table first');
  return table;
}

const pairsOf = (table: string): [string, string][] =>
  table.split('|').map((line) => line.split(' ') as [string, string]);

const converter = (phrases: readonly (readonly [string, string])[]): ConverterFunction =>
  ConverterFactory([[phrases, STCharacters]], tw);

/** Strict substrings of `s` of two characters or more that are in `table`. */
function subPhrases(s: string, table: Map<string, string>): [string, string][] {
  const cps = [...s];
  const out: [string, string][] = [];
  for (let i = 0; i < cps.length; i++) {
    for (let j = i + 2; j <= cps.length; j++) {
      if (j - i === cps.length) continue;
      const sub = cps.slice(i, j).join('');
      const to = table.get(sub);
      if (to !== undefined) out.push([sub, to]);
    }
  }
  return out;
}

/**
 * The phrases of opencc-js's 1 MB Simplified→Traditional table that change a conversion, the
 * rest being what its character table (STCharacters) gives anyway. Kept: a phrase whose
 * character-by-character conversion differs from the full converter's (头发 → 頭髮, not 頭發),
 * unless the shorter phrases kept inside it already convert it so. Every phrase of the full
 * table converts as the full converter converts it (checked, and put back until it does), so a
 * text converts the same unless two phrases overlap in it in a way neither alone shows.
 */
export function trimPhrases(table: string = fullPhrases()): [string, string][] {
  const all = pairsOf(table);
  const full = ConverterFactory(cn, tw);
  const charLevel = converter([]);
  const needed = new Map(all.filter(([s]) => charLevel(s) !== full(s)));
  // A phrase's own characters are all the character table it needs: a converter of a few entries
  // a phrase is quick to build, one of the whole table is not (seconds over thousands).
  const chars = new Map(pairsOf(STCharacters));
  const kept = new Map<string, string>();
  for (const [s, to] of needed) {
    const subs = subPhrases(s, needed);
    if (subs.length > 0) {
      const own = [...s].flatMap((c): [string, string][] => {
        const t = chars.get(c);
        return t === undefined ? [] : [[c, t]];
      });
      if (ConverterFactory([[subs, own]], tw)(s) === full(s)) continue;
    }
    kept.set(s, to);
  }
  // A phrase dropped above may be matched differently once its neighbours are gone: put back
  // every phrase the trimmed table does not convert as the full one does, until none is left.
  for (let round = 0; round < 5; round++) {
    const trimmed = converter([...kept]);
    const wrong = all.filter(([s]) => trimmed(s) !== full(s));
    if (wrong.length === 0) return [...kept];
    for (const [s, to] of wrong) kept.set(s, to);
  }
  throw new Error('opencc-js phrase table: the trimmed table does not settle');
}

let built: string | undefined;

/**
 * `virtual:kj-st-phrases`: the trimmed phrase table as opencc-js's string form ("a b|c d"), so
 * the 繁 chunk carries ~50 kB of phrases (gzip) instead of the whole table's ~420 kB.
 */
export function openccPhrases(): Plugin {
  return {
    name: 'kj-opencc-phrases',
    resolveId: (id) => (id === PHRASES_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      built ??= trimPhrases()
        .map(([s, to]) => `${s} ${to}`)
        .join('|');
      return `export default ${JSON.stringify(built)};`;
    },
  };
}
