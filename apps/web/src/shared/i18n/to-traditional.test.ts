import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConverterFactory } from 'opencc-js/core';
import cn from 'opencc-js/from/cn';
import tw from 'opencc-js/to/tw';
import { describe, expect, it } from 'vitest';
import { convert } from './to-traditional';

// The judge is opencc-js's whole cn→tw converter, the one e2e/tests/traditional.spec.ts uses.
const full = ConverterFactory(cn, tw);
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) yield file;
  }
}

/** Every line with a Chinese character in the web app's words and the server's demo content. */
function ourLines(): string[] {
  const files = [
    ...sources(path.join(ROOT, 'apps/web/src')),
    ...sources(path.join(ROOT, 'apps/server/src/services/seed')),
  ];
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((line) => /[\u3400-\u9fff]/.test(line)),
  );
}

describe('the 繁 converter with the trimmed phrase table', () => {
  it('converts every phrase of opencc-js’s table as the whole table does', () => {
    const table = (cn[0]?.[0] as string).split('|').map((line) => line.split(' ')[0]!);
    expect(table.length).toBeGreaterThan(40_000);
    expect(table.filter((s) => convert(s) !== full(s))).toEqual([]);
  });

  it('converts the texts a visitor reads as the whole table does, or to the phrase’s form', () => {
    const lines = ourLines();
    expect(lines.length).toBeGreaterThan(1_000);
    const differ = new Set<string>();
    for (const line of lines) {
      const ours = convert(line);
      // Nothing is left that the judge would still change.
      expect(full(ours), line).toBe(ours);
      const theirs = [...full(line)];
      [...ours].forEach((ch, i) => {
        if (ch !== theirs[i]) differ.add(`${theirs[i]}→${ch}`);
      });
    }
    // Where the whole table matches a phrase that changes nothing (会尽 → 會盡) just before one
    // that does (尽快 → 儘快), it converts the second character by character; without the first,
    // the trimmed table takes the second phrase's form. Both are Traditional; no other differs.
    expect([...differ].sort()).toEqual(['布→佈', '復→覆', '盡→儘']);
  });

  it('takes the phrase where a character has two Traditional forms', () => {
    expect(convert('头发和发展')).toBe('頭髮和發展');
    expect(convert('后来在皇后大道开奖结果出来了')).toBe('後來在皇后大道開獎結果出來了');
    expect(convert('每天 21:32 开奖，一只马')).toBe('每天 21:32 開獎，一隻馬');
  });
});
