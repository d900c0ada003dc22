// A JPEG rebuilt from the segments a decoder draws with, up to its end marker. Everything else is
// left behind: EXIF, XMP, ICC, comments, a JFIF thumbnail, and whatever follows the end (the
// video of a Motion Photo, the second picture of a multi-picture file).

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Quantisation and Huffman tables, arithmetic conditioning, restart interval, line count. */
const TABLES = new Set([0xdb, 0xc4, 0xcc, 0xdd, 0xdc]);
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRestart = (m: number) => m >= 0xd0 && m <= 0xd7;

const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** APP0 JFIF anew: version, units and density, and no thumbnail. */
function jfif(payload: Buffer): Buffer | null {
  if (payload.length < 14 || payload.toString('latin1', 0, 5) !== 'JFIF\0') return null;
  const fresh = Buffer.alloc(14);
  payload.copy(fresh, 0, 0, 12);
  return segment(0xe0, fresh);
}

/** APP14 Adobe anew (it says how the colours were transformed): its fixed fields alone. */
function adobe(payload: Buffer): Buffer | null {
  if (payload.length < 12 || payload.toString('latin1', 0, 5) !== 'Adobe') return null;
  return segment(0xee, Buffer.from(payload.subarray(0, 12)));
}

/** Where the entropy-coded data that starts at `from` ends: the next marker that is no restart. */
function scanEnd(buf: Buffer, from: number): number {
  let j = from;
  for (;;) {
    j = buf.indexOf(0xff, j);
    if (j < 0 || j + 1 >= buf.length) throw new Error('JPEG without an end');
    const next = buf[j + 1]!;
    // A stuffed zero, a restart, or fill before a marker: still the scan.
    if (next === 0x00 || isRestart(next) || next === 0xff) j += next === 0xff ? 1 : 2;
    else return j;
  }
}

export function stripJpeg(buf: Buffer): Buffer {
  if (buf[0] !== 0xff || buf[1] !== SOI) throw new Error('not a JPEG');
  const out: Buffer[] = [Buffer.from([0xff, SOI])];
  let frames = 0;
  let scans = 0;
  let i = 2;
  for (;;) {
    if (i + 2 > buf.length || buf[i] !== 0xff) throw new Error('bad JPEG marker');
    while (buf[i + 1] === 0xff) i++;
    const marker = buf[i + 1]!;
    i += 2;
    if (marker === EOI) {
      if (scans === 0) throw new Error('JPEG without picture data');
      out.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(out);
    }
    if (marker === SOI) throw new Error('JPEG inside a JPEG');
    // Markers without a length: nothing to keep outside a scan.
    if (isRestart(marker) || marker === 0x01) continue;
    if (i + 2 > buf.length) throw new Error('bad JPEG segment');
    const length = buf.readUInt16BE(i);
    if (length < 2 || i + length > buf.length) throw new Error('bad JPEG segment');
    const payload = buf.subarray(i + 2, i + length);
    if (marker === SOS) {
      if (frames !== 1) throw new Error('JPEG scan without a frame');
      const end = scanEnd(buf, i + length);
      out.push(buf.subarray(i - 2, end));
      scans++;
      i = end;
      continue;
    }
    if (isFrame(marker)) {
      if (++frames > 1) throw new Error('JPEG with two frames');
      out.push(buf.subarray(i - 2, i + length));
    } else if (TABLES.has(marker)) {
      out.push(buf.subarray(i - 2, i + length));
    } else if (marker === 0xe0 && scans === 0) {
      const kept = jfif(payload);
      if (kept) out.push(kept);
    } else if (marker === 0xee && scans === 0) {
      const kept = adobe(payload);
      if (kept) out.push(kept);
    }
    // Anything else (APPn, COM, extensions) goes.
    i += length;
  }
}
