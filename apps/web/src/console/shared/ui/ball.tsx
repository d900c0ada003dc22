import { ballInfo, COLOUR_INFO, ELEMENT_ZH, ZODIAC_ZH, ZODIAC_ZH_HANT } from '@kaijiang/domain';
import { useLocale } from '../i18n';

/** A number in its colour wave; its accessible name is "07 红波 鼠" like the site's balls. */
export function Ball({
  n,
  lunarYear,
  size = 'md',
}: {
  n: string;
  lunarYear: number;
  size?: 'md' | 'lg';
}) {
  const locale = useLocale();
  const info = ballInfo(n, lunarYear);
  const colour =
    locale === 'zh-Hant' ? COLOUR_INFO[info.colour].zhHant : COLOUR_INFO[info.colour].zh;
  const zodiac = locale === 'zh-Hant' ? ZODIAC_ZH_HANT[info.zodiac] : ZODIAC_ZH[info.zodiac];
  return (
    <span
      className={`cs-ball cs-ball--${info.colour} cs-ball--${size}`}
      role="img"
      aria-label={`${info.number} ${colour} ${zodiac}`}
    >
      {info.number}
    </span>
  );
}

/** What the desk previews before a ball is published: wave, zodiac, element, size, parity. */
export function ballFacts(n: string, lunarYear: number, hant: boolean): string[] {
  const info = ballInfo(n, lunarYear);
  const colour = hant ? COLOUR_INFO[info.colour].zhHant : COLOUR_INFO[info.colour].zh;
  const zodiac = hant ? ZODIAC_ZH_HANT[info.zodiac] : ZODIAC_ZH[info.zodiac];
  return [colour, zodiac, ELEMENT_ZH[info.element], info.sizeZh, info.parityZh];
}
