import {
  artOf,
  byZodiacTrait,
  digitSumParity,
  gateOf,
  groupBalls,
  headOf,
  heavenOrEarth,
  segmentOf,
  tailOf,
  yinYang,
  COLOUR_INFO,
  ELEMENTS,
  ELEMENT_ZH,
  ZODIACS,
  ZODIAC_ZH,
  ZODIAC_ZH_HANT,
  colourBalls,
  fiveElementsOf,
  isDomestic,
  zodiacBalls,
  zodiacOfYear,
  type Colour,
} from '@kaijiang/domain';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { useLunarYear } from '@/shared/lib/use-lunar-year';
import { useAppSelector } from '@/shared/store/hooks';
import { selectGames } from '@/shared/store/selectors';
import { NumberBalls } from '@/shared/ui/number-ball';
import { Section } from '@/shared/ui/section';
import { gameInfoWords } from '../model/game-info-words';
import { GameSchedules } from './game-schedules';
import './reference.css';

const COLOURS: Colour[] = ['red', 'blue', 'green'];

function BallRow({
  label,
  note,
  balls,
  year,
}: {
  label: string;
  note?: string;
  balls: string[];
  year: number;
}) {
  return (
    <li className="kj-ref-row">
      <span className="kj-ref-row__label">
        {label}
        {note ? <small>{note}</small> : null}
      </span>
      <NumberBalls balls={balls} lunarYear={year} className="kj-ref-row__balls" />
    </li>
  );
}

/**
 * How a draw works, the attribute tables of the current lunar year (docs/architecture.md §3), the schedules;
 * `calendar` (from app/) goes under the schedules.
 */
export function GameInfoScreen({ calendar }: { calendar?: ReactNode } = {}) {
  const w = useMessages(gameInfoWords);
  const hant = useLocale() === 'zh-Hant';
  const zodiacName = hant ? ZODIAC_ZH_HANT : ZODIAC_ZH;
  const thisYear = useLunarYear();
  // Any lunar year can be looked up (?year=): the tables below all follow it.
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('year'));
  const year = Number.isInteger(asked) && asked >= 1900 && asked <= 2100 ? asked : thisYear;
  const years = Array.from({ length: 16 }, (_, i) => thisYear - 10 + i);
  if (!years.includes(year)) years.push(year);
  years.sort((a, b) => a - b);
  const games = useAppSelector(selectGames);
  const animal = zodiacName[zodiacOfYear(year)];
  const elements = fiveElementsOf(year);

  return (
    <div className="kj-stack">
      <Section id="kj-ref-rules" title={w.rules}>
        <ol className="kj-ref-rules">
          <li>{w.rule1}</li>
          <li>{w.rule2}</li>
          <li>{w.rule3}</li>
          <li>{w.rule4}</li>
        </ol>
      </Section>

      <GameSchedules games={games} w={w} />
      {calendar}

      <label className="kj-field kj-ref-year">
        <span>{w.pickYear}</span>
        <select
          value={year}
          onChange={(e) =>
            setSearch(
              (prev) => {
                const out = new URLSearchParams(prev);
                if (Number(e.target.value) === thisYear) out.delete('year');
                else out.set('year', e.target.value);
                return out;
              },
              { replace: true },
            )
          }
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {format(w.yearOption, { year: y, animal: zodiacName[zodiacOfYear(y)] })}
            </option>
          ))}
        </select>
      </label>

      <Section id="kj-ref-colour" title={w.colour}>
        <ul className="kj-ref-rows">
          {COLOURS.map((colour) => (
            <BallRow
              key={colour}
              label={COLOUR_INFO[colour][hant ? 'zhHant' : 'zh']}
              balls={colourBalls(colour)}
              year={year}
            />
          ))}
        </ul>
      </Section>

      <Section id="kj-ref-zodiac" title={format(w.zodiac, { year, animal })}>
        <ul className="kj-ref-rows">
          {ZODIACS.map((z) => (
            <BallRow
              key={z}
              label={zodiacName[z]}
              note={isDomestic(z) ? w.domestic : w.wild}
              balls={zodiacBalls(z, year)}
              year={year}
            />
          ))}
        </ul>
        <p className="kj-ref-note">{format(w.zodiacNote, { animal })}</p>
      </Section>

      <Section id="kj-ref-domestic" title={w.domesticWild}>
        <ul className="kj-ref-rows">
          {[true, false].map((domestic) => (
            <BallRow
              key={String(domestic)}
              label={domestic ? w.domestic : w.wild}
              balls={ZODIACS.filter((z) => isDomestic(z) === domestic)
                .flatMap((z) => zodiacBalls(z, year))
                .sort()}
              year={year}
            />
          ))}
        </ul>
        <p className="kj-ref-note">{w.domesticNote}</p>
      </Section>

      <Section id="kj-ref-elements" title={format(w.elements, { year })}>
        <ul className="kj-ref-rows">
          {ELEMENTS.map((e) => (
            <BallRow key={e} label={ELEMENT_ZH[e]} balls={elements[e]} year={year} />
          ))}
        </ul>
        <p className="kj-ref-note">{w.elementsNote}</p>
      </Section>

      <Section id="kj-ref-heaven" title={w.heavenEarth}>
        <ul className="kj-ref-rows">
          {byZodiacTrait(['heaven', 'earth'] as const, heavenOrEarth, year).map((g) => (
            <BallRow key={g.key} label={w[g.key]} balls={g.balls} year={year} />
          ))}
        </ul>
        <p className="kj-ref-note">{w.heavenNote}</p>
      </Section>

      <Section id="kj-ref-yinyang" title={w.yinYangTitle}>
        <ul className="kj-ref-rows">
          {byZodiacTrait(['yang', 'yin'] as const, yinYang, year).map((g) => (
            <BallRow key={g.key} label={w[g.key]} balls={g.balls} year={year} />
          ))}
        </ul>
        <p className="kj-ref-note">{w.yinYangNote}</p>
      </Section>

      <Section id="kj-ref-arts" title={w.arts}>
        <ul className="kj-ref-rows">
          {byZodiacTrait(['qin', 'qi', 'shu', 'hua'] as const, artOf, year).map((g) => (
            <BallRow key={g.key} label={w[g.key]} balls={g.balls} year={year} />
          ))}
        </ul>
        <p className="kj-ref-note">{w.artsNote}</p>
      </Section>

      <Section id="kj-ref-digit-sum" title={w.digitSum}>
        <ul className="kj-ref-rows">
          {groupBalls(['odd', 'even'] as const, digitSumParity).map((g) => (
            <BallRow
              key={g.key}
              label={g.key === 'odd' ? w.digitOdd : w.digitEven}
              balls={g.balls}
              year={year}
            />
          ))}
        </ul>
        <p className="kj-ref-note">{w.digitSumNote}</p>
      </Section>

      <Section id="kj-ref-heads" title={w.heads}>
        <ul className="kj-ref-rows">
          {groupBalls([0, 1, 2, 3, 4], headOf).map((g) => (
            <BallRow key={g.key} label={format(w.head, { n: g.key })} balls={g.balls} year={year} />
          ))}
        </ul>
      </Section>

      <Section id="kj-ref-tails" title={w.tails}>
        <ul className="kj-ref-rows">
          {groupBalls([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], tailOf).map((g) => (
            <BallRow key={g.key} label={format(w.tail, { n: g.key })} balls={g.balls} year={year} />
          ))}
        </ul>
      </Section>

      <Section id="kj-ref-segments" title={w.segments}>
        <ul className="kj-ref-rows">
          {groupBalls([1, 2, 3, 4, 5, 6, 7], segmentOf).map((g) => (
            <BallRow
              key={g.key}
              label={format(w.segment, { n: '一二三四五六七'[g.key - 1]! })}
              balls={g.balls}
              year={year}
            />
          ))}
        </ul>
        <p className="kj-ref-note">{w.segmentsNote}</p>
      </Section>

      <Section id="kj-ref-gates" title={w.gates}>
        <ul className="kj-ref-rows">
          {groupBalls([1, 2, 3, 4, 5], gateOf).map((g) => (
            <BallRow
              key={g.key}
              label={format(w.gate, { n: '一二三四五'[g.key - 1]! })}
              balls={g.balls}
              year={year}
            />
          ))}
        </ul>
        <p className="kj-ref-note">{w.gatesNote}</p>
      </Section>

      <Section id="kj-ref-size" title={w.sizeParity}>
        <table className="kj-ref-table">
          <tbody>
            <tr>
              <th scope="row">{w.small}</th>
              <td>{w.smallRange}</td>
            </tr>
            <tr>
              <th scope="row">{w.big}</th>
              <td>{w.bigRange}</td>
            </tr>
            <tr>
              <th scope="row">{w.oddEven}</th>
              <td>{w.oddEvenText}</td>
            </tr>
            <tr>
              <th scope="row">{w.sumSize}</th>
              <td>{w.sumSizeText}</td>
            </tr>
            <tr>
              <th scope="row">{w.sumParity}</th>
              <td>{w.sumParityText}</td>
            </tr>
          </tbody>
        </table>
      </Section>
    </div>
  );
}
