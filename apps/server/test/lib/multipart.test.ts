// The multipart reader that stands in for @fastify/multipart (lib/multipart.ts): what a form and
// an upload give, and every way a hostile body is refused.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  MultipartError,
  readMultipart,
  readMultipartFiles,
  type MultipartLimits,
} from '../../src/lib/multipart.ts';

const B = 'xyzBOUNDARY';
const headers = { 'content-type': `multipart/form-data; boundary=${B}` };
const LIMITS: MultipartLimits = {
  fields: 3,
  fieldSize: 16,
  fieldNameSize: 20,
  files: 1,
  fileSize: 8,
  parts: 4,
};
const field = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (bytes: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
  `Content-Type: image/png\r\n\r\n${bytes}\r\n`;
const read = (body: string, limits = LIMITS, h: Record<string, string> = headers) =>
  readMultipart(h, Readable.from([Buffer.from(body)]), limits);
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (err: unknown) => (err instanceof MultipartError ? err.reason : String(err)),
  );

describe('multipart bodies', () => {
  it('gives the fields in order, repeated names included, and the first file', async () => {
    const form = await read(`${field('a', '1')}${field('a', '2')}${file('PNGDATA')}--${B}--\r\n`);
    expect(form.fields).toEqual([
      ['a', '1'],
      ['a', '2'],
    ]);
    expect(form.file?.toString()).toBe('PNGDATA');
  });

  it('reads a body that ends before its first part as an empty form', async () => {
    expect(await read('')).toEqual({ fields: [], file: null });
  });

  it('cuts a long field to its size (the schema judges the rest)', async () => {
    const form = await read(`${field('a', 'x'.repeat(40))}--${B}--\r\n`);
    expect(form.fields[0]![1]).toHaveLength(16);
  });

  it('refuses a file over its size as too large', async () => {
    expect(await reason(read(`${file('123456789')}--${B}--\r\n`))).toBe('too-large');
  });

  it.each([
    ['a file where none may come', `${file('1')}--${B}--\r\n`, { ...LIMITS, files: 0 }],
    ['a second file', `${file('1')}${file('2')}--${B}--\r\n`, LIMITS],
    [
      'too many fields',
      `${'x,y,z,w'
        .split(',')
        .map((n) => field(n, n))
        .join('')}--${B}--\r\n`,
      LIMITS,
    ],
    ['a body cut off in a part', `${field('a', '1')}--${B}\r\nContent-Disp`, LIMITS],
  ])('refuses %s as malformed', async (_what, body, limits) => {
    expect(await reason(read(body, limits))).toBe('malformed');
  });

  it('refuses a content type without a boundary', async () => {
    const h = { 'content-type': 'multipart/form-data' };
    expect(await reason(read(field('a', '1'), LIMITS, h))).toBe('malformed');
  });

  describe('many files at once (a picture library folder)', () => {
    const named = (name: string, bytes: string) =>
      `--${B}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
      `Content-Type: image/png\r\n\r\n${bytes}\r\n`;
    const many = (body: string, total = 100) =>
      readMultipartFiles(
        headers,
        Readable.from([Buffer.from(body)]),
        { files: 3, fileSize: 8, parts: 4 },
        total,
      );

    it('gives every file with the name it came with', async () => {
      const files = await many(
        `${named('2026001.png', 'AAA')}${named('2026002.png', 'BB')}--${B}--\r\n`,
      );
      expect(files.map((f) => [f.name, f.bytes.toString()])).toEqual([
        ['2026001.png', 'AAA'],
        ['2026002.png', 'BB'],
      ]);
    });

    it('refuses one file over its size, all files over the total, and too many files', async () => {
      expect(await reason(many(`${named('a.png', '123456789')}--${B}--\r\n`))).toBe('too-large');
      expect(
        await reason(
          many(`${named('a.png', '1234567')}${named('b.png', '1234567')}--${B}--\r\n`, 10),
        ),
      ).toBe('too-large');
      const four = ['a', 'b', 'c', 'd'].map((n) => named(`${n}.png`, 'x')).join('');
      expect(await reason(many(`${four}--${B}--\r\n`))).toBe('malformed');
    });
  });
});
