import {
  COLOUR_INFO,
  ELEMENT_ZH,
  SUM_BIG_FROM,
  ZODIAC_ZH,
  ZODIAC_ZH_HANT,
  colourOf,
  elementOf,
  isBall,
  sumAttributes,
  zodiacOf,
} from '@kaijiang/domain';
import { defineMessages, format, useLocale, useMessages } from '../i18n';
import { NumberBall } from './number-ball';
import './draw-balls.css';

const words = defineMessages({
  'zh-Hans': {
    numbers: '开奖号码',
    special: '特码',
    pending: '待开',
    progress: '已开出 {count} / 7 个号码',
    sum: '总和',
    big: '总大',
    small: '总小',
    odd: '总单',
    even: '总双',
  },
  'zh-Hant': {
    numbers: '開獎號碼',
    special: '特碼',
    pending: '待開',
    progress: '已開出 {count} / 7 個號碼',
    sum: '總和',
    big: '總大',
    small: '總小',
    odd: '總單',
    even: '總雙',
  },
});

const SLOTS = 7;

/**
 * A draw as people read it: six regular numbers, "+", the special; under each ball its zodiac,
 * colour and element in the draw's lunar year. Balls from `animateFrom` on roll in (the ones that
 * arrived while the visitor watched); `placeholders` keeps empty seats for balls still to come.
 */
export function DrawBalls({
  numbers,
  lunarYear,
  placeholders = false,
  animateFrom = SLOTS,
  size = 'md',
  label,
}: {
  numbers: readonly string[];
  lunarYear: number;
  placeholders?: boolean;
  animateFrom?: number;
  size?: 'md' | 'lg';
  label?: string;
}) {
  const w = useMessages(words);
  const locale = useLocale();
  const balls = numbers.filter(isBall).slice(0, SLOTS);
  const seats = placeholders ? SLOTS : balls.length;

  const cell = (i: number) => {
    const n = balls[i];
    const isSpecial = i === SLOTS - 1;
    if (!n) {
      return (
        <li key={`seat-${i}`} className="kj-dball kj-dball--seat" aria-hidden="true">
          <span className={`kj-dball__seat kj-dball__seat--${size}`}>?</span>
          <span className="kj-dball__cap">{isSpecial ? w.special : w.pending}</span>
        </li>
      );
    }
    const zodiac = zodiacOf(n, lunarYear);
    const wave = colourOf(n);
    const colour = COLOUR_INFO[wave];
    return (
      <li
        key={`${i}-${n}`}
        className={i >= animateFrom ? 'kj-dball kj-dball--new' : 'kj-dball'}
        data-ball={n}
      >
        {isSpecial ? <span className="kj-sr-only">{w.special}</span> : null}
        <NumberBall number={n} lunarYear={lunarYear} size={size} />
        <span className="kj-dball__cap" aria-hidden="true">
          <span className="kj-dball__zodiac">
            {(locale === 'zh-Hant' ? ZODIAC_ZH_HANT : ZODIAC_ZH)[zodiac]}
          </span>
          <span className={`kj-dball__meta kj-wave-text--${wave}`}>
            {(locale === 'zh-Hant' ? colour.zhHant : colour.zh).slice(0, 1)}
            <span className="kj-dball__element">{ELEMENT_ZH[elementOf(n, lunarYear)]}</span>
          </span>
        </span>
      </li>
    );
  };

  return (
    <div className={`kj-dballs kj-dballs--${size}`}>
      <ul className="kj-dballs__list" aria-label={label ?? w.numbers}>
        {Array.from({ length: Math.min(seats, SLOTS - 1) }, (_, i) => cell(i))}
        {seats === SLOTS ? (
          <>
            <li className="kj-dballs__plus" aria-hidden="true">
              +
            </li>
            {cell(SLOTS - 1)}
          </>
        ) : null}
      </ul>
      {placeholders && balls.length < SLOTS ? (
        <p className="kj-sr-only">{format(w.progress, { count: balls.length })}</p>
      ) : null}
    </div>
  );
}

/** 总和 line of a complete draw: the sum, 总大/总小 (>= 175) and 总单/总双. */
export function DrawSum({ numbers }: { numbers: readonly string[] }) {
  const w = useMessages(words);
  const balls = numbers.filter(isBall);
  if (balls.length < SLOTS) return null;
  const s = sumAttributes(balls);
  return (
    <p className="kj-dsum">
      <span className="kj-dsum__label">{w.sum}</span>
      <strong className="kj-dsum__value">{s.sum}</strong>
      <span className={s.sum >= SUM_BIG_FROM ? 'kj-dsum__tag kj-dsum__tag--big' : 'kj-dsum__tag'}>
        {s.size === 'big' ? w.big : w.small}
      </span>
      <span className="kj-dsum__tag">{s.parity === 'odd' ? w.odd : w.even}</span>
    </p>
  );
}
