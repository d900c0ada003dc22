import {
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
import { format, useLocale, useMessages } from '@/shared/i18n';
import { useLunarYear } from '@/shared/lib/use-lunar-year';
import { useAppSelector } from '@/shared/store/hooks';
import { selectGames } from '@/shared/store/selectors';
import { NumberBall } from '@/shared/ui/number-ball';
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
      <span className="kj-ref-row__balls">
        {balls.map((n) => (
          <NumberBall key={n} number={n} lunarYear={year} />
        ))}
      </span>
    </li>
  );
}

/** How a draw works, the attribute tables of the current lunar year (DESIGN §3), the schedules. */
export function GameInfoScreen() {
  const w = useMessages(gameInfoWords);
  const hant = useLocale() === 'zh-Hant';
  const zodiacName = hant ? ZODIAC_ZH_HANT : ZODIAC_ZH;
  const year = useLunarYear();
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
