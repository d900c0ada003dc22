import {
  COLOUR_INFO,
  ZODIAC_ZH,
  ZODIAC_ZH_HANT,
  colourOf,
  toBall,
  zodiacOf,
} from '@kaijiang/domain';
import type { CSSProperties } from 'react';
import { useLocale, type Locale } from '../i18n/locale';
import { useLunarYear } from '../lib/use-lunar-year';
import './number-ball.css';

export function ballName(n: number | string, lunarYear: number, locale: Locale = 'zh-Hans') {
  const ball = toBall(n);
  const colour = COLOUR_INFO[colourOf(ball)];
  const zodiac = zodiacOf(ball, lunarYear);
  const zodiacName = locale === 'zh-Hant' ? ZODIAC_ZH_HANT[zodiac] : ZODIAC_ZH[zodiac];
  return {
    ball,
    hex: colour.hex,
    zodiac: zodiacName,
    label: `${ball} ${locale === 'zh-Hant' ? colour.zhHant : colour.zh} ${zodiacName}`,
  };
}

/**
 * A lottery number in its colour wave (docs/architecture.md §3, §8). Screen readers hear "07 红波 鼠": the
 * number, its colour and its zodiac in the given lunar year.
 */
export function NumberBall({
  number,
  lunarYear,
  size = 'md',
  showZodiac = false,
}: {
  number: number | string;
  /** Defaults to the current lunar year. */
  lunarYear?: number;
  size?: 'md' | 'lg';
  /** Also print the zodiac under the ball (the accessible name has it either way). */
  showZodiac?: boolean;
}) {
  const locale = useLocale();
  const currentYear = useLunarYear();
  const info = ballName(number, lunarYear ?? currentYear, locale);
  const ball = (
    <span
      role="img"
      aria-label={info.label}
      className={size === 'lg' ? 'kj-ball kj-ball--lg' : 'kj-ball'}
      style={{ '--kj-ball-colour': info.hex, backgroundColor: info.hex } as CSSProperties}
      data-colour={info.hex}
    >
      <span aria-hidden="true">{info.ball}</span>
    </span>
  );
  if (!showZodiac) return ball;
  return (
    <span className="kj-ball-cell">
      {ball}
      <span className="kj-ball-cell__caption" aria-hidden="true">
        {info.zodiac}
      </span>
    </span>
  );
}

/** A run of balls of one lunar year, in a span of the caller's class (a row of a table or a list). */
export function NumberBalls({
  balls,
  lunarYear,
  className,
}: {
  balls: readonly (number | string)[];
  lunarYear: number;
  className: string;
}) {
  return (
    <span className={className}>
      {balls.map((n) => (
        <NumberBall key={n} number={n} lunarYear={lunarYear} />
      ))}
    </span>
  );
}
