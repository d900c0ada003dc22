// A chat picture loses what its camera wrote about it (EXIF: place, time, device; XMP; comments)
// before anyone else can fetch it. Only the segments that draw the picture are kept.

/** JPEG: every APPn but APP0 (JFIF) and APP14 (Adobe colour transform), and comments, go. */
function stripJpeg(buf: Buffer): Buffer {
  const out: Buffer[] = [buf.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff) throw new Error('bad JPEG marker');
    const marker = buf[i + 1]!;
    // Start of scan: the rest is picture data up to the end.
    if (marker === 0xda) {
      out.push(buf.subarray(i));
      return Buffer.concat(out);
    }
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(buf.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const length = buf.readUInt16BE(i + 2);
    if (length < 2 || i + 2 + length > buf.length) throw new Error('bad JPEG segment');
    const drop = (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe;
    if (!drop) out.push(buf.subarray(i, i + 2 + length));
    i += 2 + length;
  }
  throw new Error('JPEG without picture data');
}

const PNG_SIGNATURE = 8;
/** PNG chunks that say things about the picture rather than draw it. */
const PNG_DROP = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function stripPng(buf: Buffer): Buffer {
  const out: Buffer[] = [buf.subarray(0, PNG_SIGNATURE)];
  let i = PNG_SIGNATURE;
  while (i + 12 <= buf.length) {
    const length = buf.readUInt32BE(i);
    const type = buf.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > buf.length) throw new Error('bad PNG chunk');
    if (!PNG_DROP.has(type)) out.push(buf.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(out);
  }
  throw new Error('PNG without IEND');
}

/** WebP: the EXIF and XMP chunks go, and the header's flags and size say so. */
function stripWebp(buf: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let i = 12;
  while (i + 8 <= buf.length) {
    const type = buf.toString('latin1', i, i + 4);
    const size = buf.readUInt32LE(i + 4);
    const end = i + 8 + size + (size % 2);
    if (i + 8 + size > buf.length) throw new Error('bad WebP chunk');
    if (type !== 'EXIF' && type !== 'XMP ') {
      const chunk = Buffer.from(buf.subarray(i, Math.min(end, buf.length)));
      // VP8X flags: bit 3 EXIF, bit 2 XMP.
      if (type === 'VP8X') chunk[8] = chunk[8]! & ~0b1100;
      chunks.push(chunk);
    }
    i = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.from(buf.subarray(0, 12));
  header.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([header, body]);
}

export type StrippableImage = 'jpeg' | 'png' | 'webp' | 'gif';

/** The picture without its metadata; throws on a file that does not hold together. */
export function stripImage(kind: StrippableImage, buf: Buffer): Buffer {
  if (kind === 'jpeg') return stripJpeg(buf);
  if (kind === 'png') return stripPng(buf);
  if (kind === 'webp') return stripWebp(buf);
  // GIF carries no camera data; its comment extensions are rare and harmless text.
  return buf;
}
