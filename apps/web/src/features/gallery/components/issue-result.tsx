import { ELEMENT_ZH, elementOf } from '@kaijiang/domain';
import { useMessages } from '@/shared/i18n';
import { NumberBall } from '@/shared/ui/number-ball';
import { galleryWords } from '../model/words';

/**
 * The issue's draw beside its picture: six numbers, "+", the special, each ball with its zodiac
 * and element.
 * NumberBall, not the draw card's DrawBalls: sharing that module would split the game route's
 * chunk of it and grow its first load (apps/web/scripts/bundle-report.ts).
 */
export function IssueResult({
  numbers,
  lunarYear,
}: {
  numbers: readonly string[];
  lunarYear: number;
}) {
  const w = useMessages(galleryWords);
  return (
    <ol className="kj-gallery-balls">
      {numbers.slice(0, 7).flatMap((n, i) => [
        i === 6 ? (
          <li key="plus" className="kj-gallery-balls__plus" aria-hidden="true">
            +
          </li>
        ) : null,
        <li key={`${i}-${n}`}>
          {i === 6 ? <span className="kj-sr-only">{w.special}</span> : null}
          <NumberBall number={n} lunarYear={lunarYear} showZodiac />
          {/* Its element (五行) too, as the draw card reads each ball. */}
          <span className="kj-gallery-balls__element" aria-hidden="true">
            {ELEMENT_ZH[elementOf(n, lunarYear)]}
          </span>
        </li>,
      ])}
    </ol>
  );
}
