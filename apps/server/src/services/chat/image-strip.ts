// A chat picture keeps only what draws it (README: no EXIF, XMP or comments; no data hidden
// after its end). Each format is rebuilt from an allowlist of its parts, never passed through:
// a part this code does not know is a part it leaves behind. One entry for every caller that
// cleans a member's picture.
import { detectImage } from '../content/image-type.ts';
import { stripGif } from './image-strip-gif.ts';
import { stripJpeg } from './image-strip-jpeg.ts';

const PNG_SIGNATURE = 8;
/**
 * PNG chunks that draw the picture (header, palette, transparency, colour space, data) or
 * animate it (APNG). Text, EXIF, time, ICC profiles, private chunks: left behind.
 */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'cICP',
  'IDAT',
  'acTL',
  'fcTL',
  'fdAT',
  'IEND',
]);

function stripPng(buf: Buffer): Buffer {
  const out: Buffer[] = [buf.subarray(0, PNG_SIGNATURE)];
  let i = PNG_SIGNATURE;
  if (buf.toString('latin1', i + 4, i + 8) !== 'IHDR') throw new Error('PNG without IHDR');
  while (i + 12 <= buf.length) {
    const length = buf.readUInt32BE(i);
    const type = buf.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > buf.length) throw new Error('bad PNG chunk');
    if (PNG_KEEP.has(type)) out.push(buf.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(out);
  }
  throw new Error('PNG without IEND');
}

/** RIFF chunks of a WebP that draw it: the bitstreams, alpha, and the animation's frames. */
const WEBP_KEEP = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);
const WEBP_PICTURE = new Set(['VP8 ', 'VP8L', 'ANMF']);
/** VP8X flags that are still true of the rebuilt file: alpha and animation. */
const VP8X_KEPT_FLAGS = 0x10 | 0x02;
/** An animation frame: its 16 bytes of placement, then its own chunks. */
const ANMF_HEAD = 16;

const riffChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
};

/** The kept chunks of `buf` between `from` and `to`, each copied anew (zero padding). */
function webpChunks(buf: Buffer, from: number, to: number, keep: Set<string>): Buffer[] {
  const chunks: Buffer[] = [];
  let i = from;
  while (i + 8 <= to) {
    const type = buf.toString('latin1', i, i + 4);
    const size = buf.readUInt32LE(i + 4);
    if (i + 8 + size > to) throw new Error('bad WebP chunk');
    let data = Buffer.from(buf.subarray(i + 8, i + 8 + size));
    if (type === 'VP8X') {
      if (size !== 10) throw new Error('bad WebP header');
      data[0] = data[0]! & VP8X_KEPT_FLAGS;
      data.fill(0, 1, 4);
    } else if (type === 'ANMF') {
      if (size < ANMF_HEAD) throw new Error('bad WebP frame');
      const inner = webpChunks(data, ANMF_HEAD, data.length, new Set(['ALPH', 'VP8 ', 'VP8L']));
      data = Buffer.concat([data.subarray(0, ANMF_HEAD), ...inner]);
    }
    if (keep.has(type)) chunks.push(riffChunk(type, data));
    i += 8 + size + (size % 2);
  }
  return chunks;
}

/** WebP: its picture chunks within the RIFF's own size; nothing after it. */
function stripWebp(buf: Buffer): Buffer {
  if (buf.length < 12) throw new Error('bad WebP');
  const end = 8 + buf.readUInt32LE(4);
  if (end > buf.length || end < 12) throw new Error('bad WebP size');
  const chunks = webpChunks(buf, 12, end, WEBP_KEEP);
  if (!chunks.some((c) => WEBP_PICTURE.has(c.toString('latin1', 0, 4)))) {
    throw new Error('WebP without a picture');
  }
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const header = Buffer.from('RIFF\0\0\0\0', 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

export type StrippableImage = 'jpeg' | 'png' | 'webp' | 'gif';

/** The picture without its metadata; throws on a file that does not hold together. */
export function stripImage(kind: StrippableImage, buf: Buffer): Buffer {
  if (kind === 'jpeg') return stripJpeg(buf);
  if (kind === 'png') return stripPng(buf);
  if (kind === 'webp') return stripWebp(buf);
  return stripGif(buf);
}

/**
 * A member's picture by its bytes (PNG, JPEG, WebP or GIF; never SVG) with only what draws it:
 * null when it is none of these, an error when it does not hold together.
 */
export function cleanPicture(buf: Buffer): { kind: StrippableImage; bytes: Buffer } | null {
  const kind = detectImage(buf);
  if (!kind || kind === 'svg') return null;
  return { kind, bytes: stripImage(kind, buf) };
}
