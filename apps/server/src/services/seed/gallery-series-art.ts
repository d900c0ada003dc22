// The demo picture library's sheets, drawn in code (no stock images): each looks like a lottery
// sheet of its series (title, issue, a 01–49 grid with zodiacs and the issue's picks), in colour
// or black and white. Drawn when asked for (routes/gallery/demo.ts), so a first start writes no
// files for them; the strings are a few kilobytes and take well under a millisecond.
import {
  ALL_BALLS,
  COLOUR_INFO,
  ZODIAC_ZH,
  colourOf,
  zodiacOf,
  type GalleryModes,
  type GalleryVariant,
} from '@kaijiang/domain';

/** Where the demo sheets are served (routes/gallery/demo.ts draws them when asked for). */
export const DEMO_BASE = '/app-api/api/v2/gallery/demo';

/** The demo sheet's address of a series (its index in DEMO_SERIES), issue and variant. */
export const demoPath = (gameId: number, series: number, file: string) =>
  `${DEMO_BASE}/${gameId}/${series}/${file}`;

export interface DemoSeriesSpec {
  name: string;
  modes: GalleryModes;
  accent: string;
  /** Every `skip`-th issue is missing from the series (0: none): real series skip issues. */
  skip: number;
  /** The sheet's tip line label. */
  tip: string;
}

export const DEMO_SERIES: readonly DemoSeriesSpec[] = [
  { name: '马会传真', modes: 'both', accent: '#c8102e', skip: 0, tip: '传真特码' },
  { name: '跑狗图', modes: 'both', accent: '#1d4ed8', skip: 0, tip: '跑狗玄机' },
  { name: '黄大仙', modes: 'colour', accent: '#b45309', skip: 0, tip: '大仙灵签' },
  { name: '四不像', modes: 'both', accent: '#2f7d32', skip: 4, tip: '四不像肖' },
  { name: '管家婆', modes: 'mono', accent: '#7c2d12', skip: 0, tip: '管家婆心水' },
  { name: '挂牌', modes: 'colour', accent: '#9d174d', skip: 3, tip: '挂牌全篇' },
  { name: '平特', modes: 'colour', accent: '#0f766e', skip: 0, tip: '平特一肖' },
  { name: '六肖中特', modes: 'both', accent: '#6d28d9', skip: 5, tip: '六肖' },
  { name: '白小姐', modes: 'colour', accent: '#be123c', skip: 0, tip: '白姐密报' },
  { name: '曾道人', modes: 'mono', accent: '#374151', skip: 3, tip: '曾道人暗语' },
  { name: '正版彩图', modes: 'colour', accent: '#a16207', skip: 0, tip: '彩图精选' },
  { name: '新图推荐', modes: 'both', accent: '#0369a1', skip: 6, tip: '本期推荐' },
];

export interface SheetArt {
  gameName: string;
  series: number;
  issue: string;
  lunarYear: number;
  variant: GalleryVariant;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Deterministic picks for a sheet, so every visitor sees the same one. */
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

function paletteOf(art: SheetArt) {
  const spec = DEMO_SERIES[art.series]!;
  const mono = art.variant === 'mono';
  return {
    spec,
    mono,
    accent: mono ? '#222' : spec.accent,
    paper: mono ? '#fff' : '#fffaf3',
    ball: (n: string) => (mono ? '#333' : COLOUR_INFO[colourOf(n)].hex),
    hot: picks(`${art.gameName}${art.series}${art.issue}`, 8),
  };
}

/** The full sheet, 720 × 960. */
export function sheetSvg(art: SheetArt): string {
  const { spec, mono, accent, paper, ball, hot } = paletteOf(art);
  const cells = ALL_BALLS.map((n, i) => {
    const x = 30 + (i % 7) * 94;
    const y = 200 + Math.floor(i / 7) * 90;
    const on = hot.includes(n);
    const c = ball(n);
    return (
      `<circle cx="${x + 40}" cy="${y + 32}" r="29" fill="${on ? c : paper}" stroke="${c}" stroke-width="${on ? 4 : 2}"/>` +
      `<text x="${x + 40}" y="${y + 42}" font-size="27" font-weight="700" text-anchor="middle" fill="${on ? '#fff' : c}">${n}</text>` +
      `<text x="${x + 40}" y="${y + 80}" font-size="16" text-anchor="middle" fill="#555">${ZODIAC_ZH[zodiacOf(n, art.lunarYear)]}</text>`
    );
  }).join('');
  const zodiacs = [...new Set(hot.map((n) => ZODIAC_ZH[zodiacOf(n, art.lunarYear)]))]
    .slice(0, 6)
    .join(' ');
  const frame = mono ? `stroke="#000" stroke-width="3"` : `stroke="${accent}" stroke-width="2"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 960" width="720" height="960" ` +
    `font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">` +
    `<rect width="720" height="960" fill="${paper}"/>` +
    `<rect x="8" y="8" width="704" height="944" fill="none" ${frame}/>` +
    `<rect x="8" y="8" width="704" height="150" fill="${accent}"/>` +
    `<text x="360" y="78" font-size="48" font-weight="800" text-anchor="middle" fill="#fff">${esc(spec.name)}</text>` +
    `<text x="360" y="130" font-size="26" text-anchor="middle" fill="#fff">${esc(art.gameName)} · 第 ${esc(art.issue)} 期${mono ? ' · 黑白版' : ''}</text>` +
    cells +
    `<rect x="30" y="852" width="660" height="84" rx="10" fill="${paper}" ${frame}/>` +
    `<text x="360" y="886" font-size="24" text-anchor="middle" fill="#111">${esc(spec.tip)}：${zodiacs}</text>` +
    `<text x="360" y="920" font-size="20" text-anchor="middle" fill="#555">主攻 ${hot.slice(0, 4).join(' · ')}</text>` +
    `</svg>`
  );
}

/** The grid's thumbnail, 240 × 320: shapes only (no text to lay out on a slow phone). */
export function sheetThumbSvg(art: SheetArt): string {
  const { accent, paper, ball, hot } = paletteOf(art);
  const balls = hot
    .map((n, i) => {
      const x = 40 + (i % 4) * 53;
      const y = 150 + Math.floor(i / 4) * 62;
      return `<circle cx="${x}" cy="${y}" r="22" fill="${ball(n)}"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 320" width="240" height="320">` +
    `<rect width="240" height="320" fill="${paper}"/>` +
    `<rect width="240" height="96" fill="${accent}"/>` +
    `<rect x="60" y="30" width="120" height="16" fill="#fff" fill-opacity="0.9"/>` +
    `<rect x="84" y="58" width="72" height="10" fill="#fff" fill-opacity="0.6"/>` +
    balls +
    `<rect x="30" y="270" width="180" height="20" rx="4" fill="${accent}" fill-opacity="0.25"/>` +
    `</svg>`
  );
}
