// Small images for demo content, drawn in code: the repository ships no binary files and an
// empty installation still has covers and gallery pictures.
import { zodiacOf, colourOf, COLOUR_INFO, ZODIAC_ZH, ALL_BALLS } from '@kaijiang/domain';
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

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Deterministic picks for a picture, so a re-seed draws the same one. */
function picks(seed: string, count: number): string[] {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const out: string[] = [];
  while (out.length < count) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    const n = ALL_BALLS[h % 49]!;
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

export interface GalleryArt {
  gameName: string;
  issue: string;
  lunarYear: number;
  accent: string;
  /** A further picture of the issue's set (生肖图, 波色图…); absent for the cover. */
  sheet?: string;
}

const hotOf = (art: GalleryArt) => picks(`${art.gameName}${art.issue}${art.sheet ?? ''}`, 8);

/** The full picture: a 01–49 chart with the issue's highlighted numbers and their zodiacs. */
export function galleryFullSvg(art: GalleryArt): string {
  const hot = hotOf(art);
  const cells = ALL_BALLS.map((n, i) => {
    const x = 30 + (i % 7) * 94;
    const y = 190 + Math.floor(i / 7) * 94;
    const colour = COLOUR_INFO[colourOf(n)].hex;
    const on = hot.includes(n);
    return (
      `<g><circle cx="${x + 40}" cy="${y + 34}" r="30" fill="${on ? colour : '#fff'}" ` +
      `stroke="${colour}" stroke-width="4"/>` +
      `<text x="${x + 40}" y="${y + 44}" font-size="28" font-weight="700" text-anchor="middle" ` +
      `fill="${on ? '#fff' : colour}">${n}</text>` +
      `<text x="${x + 40}" y="${y + 84}" font-size="16" text-anchor="middle" fill="#666">` +
      `${ZODIAC_ZH[zodiacOf(n, art.lunarYear)]}</text></g>`
    );
  }).join('');
  const zodiacs = [...new Set(hot.map((n) => ZODIAC_ZH[zodiacOf(n, art.lunarYear)]))].join(' ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 960" width="720" height="960" ` +
    `font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">` +
    `<rect width="720" height="960" fill="#fffaf3"/>` +
    `<rect width="720" height="150" fill="${art.accent}"/>` +
    `<text x="360" y="66" font-size="40" font-weight="800" text-anchor="middle" fill="#fff">` +
    `${esc(art.gameName)} ${esc(art.sheet ?? '资料图')}</text>` +
    `<text x="360" y="118" font-size="28" text-anchor="middle" fill="#fff">第 ${esc(art.issue)} 期</text>` +
    cells +
    `<rect x="30" y="868" width="660" height="64" rx="12" fill="#fff" stroke="${art.accent}" stroke-width="2"/>` +
    `<text x="360" y="910" font-size="24" text-anchor="middle" fill="#333">本期关注生肖：${zodiacs}</text>` +
    `</svg>`
  );
}

/**
 * The grid thumbnail: the header band with two bars standing for its title, and the highlighted
 * numbers as lit balls. Shapes only, no text (the card under it names the issue): each picture is
 * a document of its own to the browser, and one with Chinese text cost a slow phone a layout with
 * font fallback on the page's thread.
 */
export function galleryThumbSvg(art: GalleryArt): string {
  const hot = hotOf(art);
  const colours = [...new Set(hot.map((n) => COLOUR_INFO[colourOf(n)].hex))];
  const gradients = colours
    .map(
      (c, i) =>
        `<radialGradient id="b${i}" cx="0.35" cy="0.3" r="0.75">` +
        `<stop offset="0" stop-color="#fff" stop-opacity="0.45"/>` +
        `<stop offset="0.45" stop-color="${c}"/><stop offset="1" stop-color="${c}"/></radialGradient>`,
    )
    .join('');
  const balls = hot
    .map((n, i) => {
      const x = 40 + (i % 4) * 53;
      const y = 150 + Math.floor(i / 4) * 62;
      const g = colours.indexOf(COLOUR_INFO[colourOf(n)].hex);
      return `<circle cx="${x}" cy="${y}" r="22" fill="url(#b${g})"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 320" width="240" height="320">` +
    `<defs>${gradients}</defs>` +
    `<rect width="240" height="320" fill="#fffaf3"/>` +
    `<rect width="240" height="96" fill="${art.accent}"/>` +
    `<rect x="60" y="30" width="120" height="16" fill="#fff" fill-opacity="0.9"/>` +
    `<rect x="84" y="58" width="72" height="10" fill="#fff" fill-opacity="0.6"/>` +
    balls +
    `</svg>`
  );
}
