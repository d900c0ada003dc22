// What a visitor's device shows when a draw ends (Web Push): the same words on every instance and
// in every test, so they live here rather than in the sender.
import { toBall } from './numbers.ts';
import { ZODIAC_ZH, ZODIAC_ZH_HANT, zodiacOf } from './zodiac.ts';

export const PUSH_LANGS = ['zh-Hans', 'zh-Hant'] as const;
export type PushLang = (typeof PUSH_LANGS)[number];

/** The notification a finished draw becomes (the service worker shows it as it is). */
export interface DrawPush {
  title: string;
  body: string;
  /** Opened by a tap: the game's screen on this site. */
  url: string;
  /** One notification per game on a device: a newer result replaces an older one unread. */
  tag: string;
  gameId: number;
  issue: string;
}

export interface DrawPushInput {
  gameId: number;
  gameName: string;
  issue: string;
  /** Six regular numbers and the special, in the order drawn. */
  numbers: readonly string[];
  lunarYear: number;
  lang: PushLang;
}

const WORDS = {
  'zh-Hans': { result: '开奖结果', regular: '正码', special: '特码' },
  'zh-Hant': { result: '開獎結果', regular: '正碼', special: '特碼' },
} as const;

/**
 * 「第 2026328 期 新澳门六合彩 开奖结果」 and 「正码 07鼠 12猴 … 特码 49牛」: the numbers with their
 * zodiac, because that is what visitors of this field read a result by.
 */
export function drawPush(input: DrawPushInput): DrawPush {
  if (input.numbers.length !== 7) throw new RangeError('a finished draw has 7 numbers');
  const w = WORDS[input.lang];
  const names = input.lang === 'zh-Hant' ? ZODIAC_ZH_HANT : ZODIAC_ZH;
  const label = (n: string) => {
    const b = toBall(n);
    return `${b}${names[zodiacOf(b, input.lunarYear)]}`;
  };
  const regular = input.numbers.slice(0, 6).map(label).join(' ');
  return {
    title: `第 ${input.issue} 期 ${input.gameName} ${w.result}`,
    body: `${w.regular} ${regular}  ${w.special} ${label(input.numbers[6]!)}`,
    url: `/game/${input.gameId}`,
    tag: `kj-draw-${input.gameId}`,
    gameId: input.gameId,
    issue: input.issue,
  };
}
