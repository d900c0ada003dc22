// A picture's size read from its header, before anything decodes it: the pixel count decides
// whether it may be decoded at all (a 200-byte PNG may declare 60 000 × 60 000 pixels).
export interface ImageHeader {
  kind: 'png' | 'jpeg' | 'gif';
  width: number;
  height: number;
}

/** The most pixels a picture may have to be decoded (about 40 megapixels). */
export const MAX_PIXELS = 40_000_000;

export function readImageHeader(b: Buffer): ImageHeader | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR')
    return { kind: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6)))
    return { kind: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1]!;
      if (marker === 0xff) {
        at++;
        continue;
      }
      const len = b.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { kind: 'jpeg', height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
      if (len < 2) return null;
      at += 2 + len;
    }
  }
  return null;
}
