// Small images for demo content, drawn in code: the repository ships no binary files and an
// empty installation still has news covers (the picture library draws its own: gallery-series-art.ts).
import { colourOf, COLOUR_INFO } from '@kaijiang/domain';
import zlib from 'node:zlib';

type Rgb = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes RGB pixels as a PNG (8-bit, filter "Sub" so smooth gradients compress well). */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 1;
    let prev: Rgb = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      const p = pixel(x, y);
      for (let i = 0; i < 3; i++) raw[row + 1 + x * 3 + i] = (p[i]! - prev[i]! + 256) & 0xff;
      prev = p;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  a.map((v, i) => Math.round(v + (b[i]! - v) * t)) as Rgb;

/**
 * A news cover: a diagonal gradient in the category's colours with a few lottery balls on it.
 * 360×200 keeps each file a few kilobytes.
 */
export function newsCoverPng(from: string, to: string, balls: string[]): Buffer {
  const W = 360;
  const H = 200;
  const a = hex(from);
  const b = hex(to);
  const circles = balls.map((n, i) => ({
    cx: 70 + i * 74,
    cy: 100 + (i % 2 ? 26 : -18),
    r: 30,
    c: hex(COLOUR_INFO[colourOf(n)].hex),
  }));
  // Coverage of a disc edge at distance d: anti-aliased over one pixel.
  const cover = (d: number, r: number) => Math.min(1, Math.max(0, r + 0.5 - d));
  return encodePng(W, H, (x, y) => {
    let p = mix(a, b, (x / W + y / H) / 2);
    for (const c of circles) {
      const d = Math.hypot(x - c.cx, y - c.cy);
      if (d > c.r + 4) continue;
      p = mix(p, [255, 255, 255], cover(d, c.r + 3));
      // A lit ball: lighter towards the top left.
      const shade = Math.hypot(x - (c.cx - 10), y - (c.cy - 10)) / (c.r * 1.6);
      const ball = mix(
        mix(c.c, [255, 255, 255], 0.35),
        mix(c.c, [0, 0, 0], 0.2),
        Math.min(1, shade),
      );
      p = mix(p, ball, cover(d, c.r));
      p = mix(p, [255, 255, 255], cover(d, c.r * 0.48));
    }
    return p;
  });
}
