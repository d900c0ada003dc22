// A GIF rebuilt from its frames and what times and loops them, up to its trailer. Comments, plain
// text and application blocks (XMP, ICC, a maker's data) and anything after the trailer are left
// behind; the loop count of an animation is written anew.

const TRAILER = 0x3b;
const IMAGE = 0x2c;
const EXTENSION = 0x21;
const GRAPHIC_CONTROL = 0xf9;
const APPLICATION = 0xff;
const LOOPING = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

const tableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** The index just past the data sub-blocks that start at `at` (their zero terminator). */
function blocksEnd(buf: Buffer, at: number): number {
  let j = at;
  for (;;) {
    if (j >= buf.length) throw new Error('GIF cut short');
    const size = buf[j]!;
    if (size === 0) return j + 1;
    j += 1 + size;
  }
}

/** The NETSCAPE2.0 loop count of an application block starting at `at`, if it has one. */
function loopBlock(buf: Buffer, at: number, end: number): Buffer | null {
  if (buf[at + 2] !== 11) return null;
  const id = buf.toString('latin1', at + 3, at + 14);
  if (!LOOPING.has(id)) return null;
  for (let j = at + 14; j < end - 1; j += 1 + buf[j]!) {
    if (buf[j] === 3 && buf[j + 1] === 1) {
      return Buffer.concat([
        Buffer.from([EXTENSION, APPLICATION, 11]),
        Buffer.from(id, 'latin1'),
        Buffer.from([3, 1, buf[j + 2]!, buf[j + 3]!, 0]),
      ]);
    }
  }
  return null;
}

export function stripGif(buf: Buffer): Buffer {
  const magic = buf.toString('latin1', 0, 6);
  if ((magic !== 'GIF87a' && magic !== 'GIF89a') || buf.length < 13) throw new Error('not a GIF');
  let i = 13 + tableBytes(buf[10]!);
  if (i > buf.length) throw new Error('GIF cut short');
  const out: Buffer[] = [buf.subarray(0, i)];
  let images = 0;
  for (;;) {
    const block = buf[i];
    // A missing trailer is common and harmless: the pictures so far are the picture.
    if (block === TRAILER || (block === undefined && images > 0)) {
      out.push(Buffer.from([TRAILER]));
      if (images === 0) throw new Error('GIF without a picture');
      return Buffer.concat(out);
    }
    if (block === IMAGE) {
      if (i + 10 > buf.length) throw new Error('GIF cut short');
      // Descriptor, local colour table, LZW code size, then the data sub-blocks.
      const dataAt = i + 10 + tableBytes(buf[i + 9]!) + 1;
      const end = blocksEnd(buf, dataAt);
      out.push(buf.subarray(i, end));
      images++;
      i = end;
    } else if (block === EXTENSION) {
      const label = buf[i + 1];
      const end = blocksEnd(buf, i + 2);
      if (label === GRAPHIC_CONTROL && buf[i + 2] === 4 && i + 7 <= buf.length) {
        out.push(Buffer.concat([buf.subarray(i, i + 7), Buffer.from([0])]));
      } else if (label === APPLICATION) {
        const loop = loopBlock(buf, i, end);
        if (loop) out.push(loop);
      }
      i = end;
    } else {
      throw new Error('bad GIF block');
    }
  }
}
