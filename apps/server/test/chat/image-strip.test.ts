import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stripImage } from '../../src/services/chat/image-strip.ts';
import { jpegWithExif } from '../helpers/images.ts';

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
};

describe('stripImage', () => {
  it('takes EXIF, XMP and comments out of a JPEG and keeps what draws it', () => {
    const out = stripImage('jpeg', jpegWithExif()).toString('latin1');
    expect(out).not.toContain('Exif');
    expect(out).not.toContain('GPS');
    expect(out).not.toContain('shot at home');
    expect(out).not.toContain('xmpmeta');
    expect(out).toContain('JFIF');
    expect(out).toContain('Adobe');
    expect(out.endsWith('\xff\xd9')).toBe(true);
  });

  it('takes text, time and EXIF chunks out of a PNG', () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(1, 0);
    ihdr.writeUInt32BE(1, 4);
    ihdr[8] = 8;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('tEXt', Buffer.from('Author\0Zhang Wei', 'latin1')),
      chunk('eXIf', Buffer.from('MM\0*GPS', 'latin1')),
      chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const out = stripImage('png', png);
    expect(out.toString('latin1')).not.toContain('Zhang Wei');
    expect(out.toString('latin1')).not.toContain('eXIf');
    expect(out.toString('latin1')).toContain('IDAT');
    expect(out.length).toBeLessThan(png.length);
  });

  it('takes EXIF and XMP out of a WebP and fixes its header', () => {
    const riffChunk = (type: string, data: Buffer) => {
      const h = Buffer.alloc(8);
      h.write(type, 0, 'latin1');
      h.writeUInt32LE(data.length, 4);
      return Buffer.concat([h, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
    };
    const vp8x = Buffer.alloc(10);
    vp8x[0] = 0b1100;
    const body = Buffer.concat([
      Buffer.from('WEBP', 'latin1'),
      riffChunk('VP8X', vp8x),
      riffChunk('VP8L', Buffer.from([0x2f, 0, 0, 0, 0])),
      riffChunk('EXIF', Buffer.from('GPS here', 'latin1')),
      riffChunk('XMP ', Buffer.from('<x:xmpmeta/>', 'latin1')),
    ]);
    const head = Buffer.alloc(8);
    head.write('RIFF', 0, 'latin1');
    head.writeUInt32LE(body.length, 4);
    const out = stripImage('webp', Buffer.concat([head, body]));
    expect(out.toString('latin1')).not.toContain('GPS here');
    expect(out.toString('latin1')).not.toContain('xmpmeta');
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out[20]! & 0b1100).toBe(0);
  });

  it('refuses a JPEG that does not hold together', () => {
    expect(() => stripImage('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toThrow();
  });
});
