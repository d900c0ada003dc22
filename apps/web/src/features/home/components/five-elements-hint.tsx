import { ZODIAC_ZH, ZODIAC_ZH_HANT, zodiacOfYear, type FiveElementsRecord } from '@kaijiang/domain';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { fiveElementsForYear } from '@/shared/store/selectors';
import { Deferred } from '@/shared/ui/deferred';
import { NumberBalls } from '@/shared/ui/number-ball';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { fiveElementsRows } from '../model/five-elements-rows';
import { homeWords } from '../model/words';
import './five-elements-hint.css';

/** Spec §1: the numbers of each element for the current lunar year, from five-elements.json. */
export function FiveElementsHint({
  records,
  lunarYear,
  loading,
  failed,
}: {
  records: FiveElementsRecord[];
  lunarYear: number;
  loading: boolean;
  failed: boolean;
}) {
  const w = useMessages(homeWords);
  const locale = useLocale();
  const zodiac = zodiacOfYear(lunarYear);
  const title = format(w.fiveElementsTitle, {
    year: lunarYear,
    zodiac: (locale === 'zh-Hant' ? ZODIAC_ZH_HANT : ZODIAC_ZH)[zodiac],
  });
  const record = fiveElementsForYear(records, lunarYear);

  let body;
  if (record) {
    body = (
      <ul className="kj-elements">
        {fiveElementsRows(record).map((row) => (
          <li key={row.element} className="kj-elements__row">
            {/* Ten balls a row, each row built in a task of its own after the first render. */}
            <Deferred id={`five-elements-${row.element}`}>
              <span className={`kj-elements__label kj-elements__label--${row.element}`}>
                {row.label}
              </span>
              <NumberBalls
                balls={row.numbers}
                lunarYear={lunarYear}
                className="kj-elements__balls"
              />
            </Deferred>
          </li>
        ))}
      </ul>
    );
  } else if (loading || (!failed && records.length === 0)) {
    body = <Skeleton circle={10} />;
  } else {
    body = (
      <p className="kj-elements__empty">
        {failed ? w.fiveElementsFailed : format(w.fiveElementsEmpty, { year: lunarYear })}
      </p>
    );
  }

  return (
    <Section id="kj-five-elements" title={title}>
      {body}
    </Section>
  );
}
