// The results widget's page (/embed/{gameId}): drawn here with the latest snapshot, so it shows
// the result before (and without) its script; the script keeps it live. No app bundle.
import {
  ALL_BALLS,
  COLOUR_INFO,
  ZODIAC_ZH,
  ZODIAC_ZH_HANT,
  colourOf,
  zodiacOf,
  type DrawSnapshot,
  type EmbedSize,
} from '@kaijiang/domain';

export { EMBED_SIZES, type EmbedSize } from '@kaijiang/domain';
export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
export const EMBED_LANGS = ['zh-Hans', 'zh-Hant'] as const;
export type EmbedLang = (typeof EMBED_LANGS)[number];

const WORDS = {
  'zh-Hans': {
    issue: '第 {issue} 期',
    next: '下期 第 {issue} 期',
    waiting: '等待开奖',
    drawing: '开奖中',
    done: '已开奖',
    delayed: '开奖延迟',
    disputed: '核对中',
    sim: '模拟',
    balls: '开奖号码',
    countdown: '距开奖',
    title: '{game} 开奖结果',
    none: '暂无开奖',
  },
  'zh-Hant': {
    issue: '第 {issue} 期',
    next: '下期 第 {issue} 期',
    waiting: '等待開獎',
    drawing: '開獎中',
    done: '已開獎',
    delayed: '開獎延遲',
    disputed: '核對中',
    sim: '模擬',
    balls: '開獎號碼',
    countdown: '距開獎',
    title: '{game} 開獎結果',
    none: '暫無開獎',
  },
} as const;

export interface EmbedInput {
  gameId: number;
  gameName: string;
  snapshot: DrawSnapshot | null;
  size: EmbedSize;
  theme: EmbedTheme;
  lang: EmbedLang;
  /** Zodiac tables by the instant their lunar year begins, oldest first (at least one). */
  lunar: { from: string; year: number }[];
  /** Live socket hosts as the site is configured ('' = this origin). */
  hosts: string[];
  /** Paths of the widget's script and style, with their version. */
  assets: { js: string; css: string };
  lunarYearOf: (drawAt: string) => number;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON inside a <script type="application/json">: nothing in it can close the element. */
const jsonBlock = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

function zodiacString(year: number, lang: EmbedLang): string {
  const names = lang === 'zh-Hant' ? ZODIAC_ZH_HANT : ZODIAC_ZH;
  return ALL_BALLS.map((n) => names[zodiacOf(n, year)]).join('');
}

export function embedPage(input: EmbedInput): string {
  const w = WORDS[input.lang];
  const s = input.snapshot;
  const colourWord = (c: keyof typeof COLOUR_INFO) =>
    input.lang === 'zh-Hant' ? COLOUR_INFO[c].zhHant : COLOUR_INFO[c].zh;
  const lunar = input.lunar.map((l) => ({ from: l.from, z: zodiacString(l.year, input.lang) }));
  const balls: string[] = [];
  if (s) {
    const z = zodiacString(input.lunarYearOf(s.drawAt), input.lang);
    for (let k = 0; k < 7; k++) {
      if (k === 6) balls.push('<li class="plus" aria-hidden="true">+</li>');
      const n = s.numbers[k];
      if (n === undefined) {
        balls.push('<li class="ball wait" aria-hidden="true">?</li>');
        continue;
      }
      const colour = colourOf(n);
      const zodiac = z.charAt(Number(n) - 1);
      balls.push(
        `<li class="ball ${colour}" data-n="${esc(n)}" role="img" aria-label="${esc(
          `${n} ${colourWord(colour)} ${zodiac}`,
        )}"><b>${esc(n)}</b><i aria-hidden="true">${zodiac}</i></li>`,
      );
    }
  }
  const config = {
    gameId: input.gameId,
    snap: s,
    hosts: input.hosts,
    lunar,
    c: ALL_BALLS.map((n) => colourOf(n).charAt(0)).join(''),
    words: {
      issue: w.issue,
      next: w.next,
      waiting: w.waiting,
      drawing: w.drawing,
      done: w.done,
      delayed: w.delayed,
      disputed: w.disputed,
      sim: w.sim,
      red: colourWord('red'),
      blue: colourWord('blue'),
      green: colourWord('green'),
    },
  };
  const title = w.title.replace('{game}', input.gameName);
  const next =
    input.size === 'ticker'
      ? ''
      : `<p class="n"><span>${s ? esc(w.next.replace('{issue}', s.nextIssue)) + ' ' : ''}</span>` +
        (input.size === 'countdown'
          ? `<span><span class="sr">${w.countdown}</span> <span class="cd" role="timer">--:--</span></span>`
          : '') +
        '</p>';
  return (
    `<!doctype html><html lang="${input.lang}" data-theme="${input.theme}"><head>` +
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    // A widget opened on its own names the site's icon (else the browser asks /favicon.ico: 404).
    '<link rel="icon" href="/favicon.svg">' +
    `<title>${esc(title)}</title><link rel="stylesheet" href="${esc(input.assets.css)}">` +
    `<script type="application/json" id="kj-embed">${jsonBlock(config)}</script>` +
    `<script src="${esc(input.assets.js)}" defer></script></head><body>` +
    `<main class="w w--${input.size}" aria-label="${esc(title)}">` +
    `<p class="h"><a class="t" href="/game/${input.gameId}" target="_blank" rel="noopener">${esc(
      input.gameName,
    )}</a><span class="i">${s ? esc(w.issue.replace('{issue}', s.issue)) : w.none}</span>` +
    `<span class="s" data-status="${s?.status ?? 'waiting'}" aria-live="polite">${
      s ? w[s.status] + (s.source === 'simulator' ? ` · ${w.sim}` : '') : ''
    }</span></p>` +
    `<ol class="b" aria-label="${w.balls}">${balls.join('')}</ol>${next}</main></body></html>`
  );
}
