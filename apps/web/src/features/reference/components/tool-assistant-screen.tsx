import {
  ALL_BALLS,
  COLOUR_INFO,
  ELEMENTS,
  ELEMENT_ZH,
  PARITY_ZH_HANT,
  ZODIACS,
  ZODIAC_ZH,
  ZODIAC_ZH_HANT,
  ballInfo,
  colourOf,
  fiveElementsOf,
  zodiacBalls,
  zodiacOfYear,
  type Ball,
} from '@kaijiang/domain';
import { useState } from 'react';
import { format, useLocale, useMessages, type Locale } from '@/shared/i18n';
import { useLunarYear } from '@/shared/lib/use-lunar-year';
import { NumberBall, NumberBalls } from '@/shared/ui/number-ball';
import { Section } from '@/shared/ui/section';
import { randomPick } from '../model/random-pick';
import { toolWords, type ToolWords } from '../model/tool-words';
import './reference.css';
import './tool-assistant.css';

const PICK_COUNTS = [1, 3, 6, 7, 10];

/** ballInfo's names are Simplified; size and element read the same in both scripts. */
function attributes(n: Ball, year: number, locale: Locale) {
  const info = ballInfo(n, year);
  if (locale !== 'zh-Hant') return info;
  return {
    ...info,
    colourZh: COLOUR_INFO[info.colour].zhHant,
    zodiacZh: ZODIAC_ZH_HANT[info.zodiac],
    parityZh: PARITY_ZH_HANT[info.parity],
  };
}

function AttributeRows({
  balls,
  year,
  locale,
  w,
}: {
  balls: Ball[];
  year: number;
  locale: Locale;
  w: ToolWords;
}) {
  return (
    <table className="kj-tool-table">
      <thead>
        <tr>
          <th scope="col">{w.number}</th>
          <th scope="col">{w.colour}</th>
          <th scope="col">{w.zodiac}</th>
          <th scope="col">{w.element}</th>
          <th scope="col">{w.size}</th>
          <th scope="col">{w.parity}</th>
        </tr>
      </thead>
      <tbody>
        {balls.map((n) => {
          const info = attributes(n, year, locale);
          return (
            <tr key={n}>
              <th scope="row">
                <NumberBall number={n} lunarYear={year} />
              </th>
              <td className={`kj-wave-text--${info.colour}`}>{info.colourZh}</td>
              <td>
                {info.zodiacZh}
                <small>{info.domestic ? w.domestic : w.wild}</small>
              </td>
              <td>{info.elementZh}</td>
              <td>{info.sizeZh}</td>
              <td>{info.parityZh}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A year's table of which balls go with each zodiac (or element): a row a name, its balls. */
function BallMap({
  rows,
  year,
}: {
  rows: { key: string; name: string; balls: Ball[] }[];
  year: number;
}) {
  return (
    <table className="kj-tool-table kj-tool-table--map">
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.name}</th>
            <td>
              <NumberBalls balls={r.balls} lunarYear={year} className="kj-tool-balls" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Number tools: random picks, any number's attributes in any year, the year's tables. */
export function ToolAssistantScreen() {
  const w = useMessages(toolWords);
  const locale = useLocale();
  const zodiacName = locale === 'zh-Hant' ? ZODIAC_ZH_HANT : ZODIAC_ZH;
  const currentYear = useLunarYear();
  const [year, setYear] = useState(currentYear);
  const [count, setCount] = useState(6);
  const [picks, setPicks] = useState<Ball[]>([]);
  const [picked, setPicked] = useState<Ball>('01');
  const info = attributes(picked, year, locale);
  const years = Array.from({ length: 21 }, (_, i) => currentYear - 10 + i);
  const elements = fiveElementsOf(year);

  return (
    <div className="kj-stack">
      <div className="kj-card kj-tool-year">
        <label htmlFor="kj-tool-year">{w.year}</label>
        <select id="kj-tool-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {format(w.yearOption, {
                year: y,
                animal: zodiacName[zodiacOfYear(y)],
                current: y === currentYear ? w.thisYear : '',
              })}
            </option>
          ))}
        </select>
        <p>{w.yearNote}</p>
      </div>

      <Section id="kj-tool-random" title={w.random}>
        <div className="kj-tool-random">
          <div className="kj-tool-counts" role="group" aria-label={w.counts}>
            {PICK_COUNTS.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={n === count}
                className={n === count ? 'kj-tool-count kj-tool-count--on' : 'kj-tool-count'}
                onClick={() => setCount(n)}
              >
                {format(w.count, { n })}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="kj-button kj-button--block"
            onClick={() => setPicks(randomPick(count))}
          >
            {format(w.pick, { n: count })}
          </button>
          {picks.length ? (
            <AttributeRows balls={picks} year={year} locale={locale} w={w} />
          ) : (
            <p className="kj-ref-note">{w.randomNote}</p>
          )}
        </div>
      </Section>

      <Section id="kj-tool-result" title={w.lookup}>
        <div className="kj-tool-result" aria-live="polite">
          <NumberBall number={picked} lunarYear={year} size="lg" />
          <table className="kj-ref-table">
            <tbody>
              <tr>
                <th scope="row">{w.colour}</th>
                <td>{info.colourZh}</td>
              </tr>
              <tr>
                <th scope="row">{w.zodiac}</th>
                <td>
                  {info.zodiacZh}（{info.domestic ? w.domestic : w.wild}）
                </td>
              </tr>
              <tr>
                <th scope="row">{w.element}</th>
                <td>{info.elementZh}</td>
              </tr>
              <tr>
                <th scope="row">{w.sizeParity}</th>
                <td>
                  {info.sizeZh} · {info.parityZh}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <ul className="kj-tool-pick" aria-label={w.choose}>
          {ALL_BALLS.map((n) => (
            <li key={n}>
              <button
                type="button"
                aria-pressed={n === picked}
                style={{ background: COLOUR_INFO[colourOf(n)].hex }}
                onClick={() => setPicked(n)}
              >
                {n}
              </button>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="kj-tool-zodiac" title={format(w.zodiacTable, { year })}>
        <BallMap
          year={year}
          rows={ZODIACS.map((z) => ({ key: z, name: zodiacName[z], balls: zodiacBalls(z, year) }))}
        />
      </Section>

      <Section id="kj-tool-elements" title={format(w.elementTable, { year })}>
        <BallMap
          year={year}
          rows={ELEMENTS.map((el) => ({ key: el, name: ELEMENT_ZH[el], balls: elements[el] }))}
        />
      </Section>
    </div>
  );
}
