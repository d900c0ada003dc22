import {
  COLOUR_INFO,
  ELEMENTS,
  ELEMENT_ZH,
  ZODIACS,
  ZODIAC_ZH,
  colourBalls,
  fiveElementsOf,
  isDomestic,
  zodiacBalls,
  zodiacOfYear,
  type Colour,
} from '@kaijiang/domain';
import { useLunarYear } from '@/shared/lib/use-lunar-year';
import { NumberBall } from '@/shared/ui/number-ball';
import { Section } from '@/shared/ui/section';
import './reference.css';

const COLOURS: Colour[] = ['red', 'blue', 'green'];

/** Reference tables for the current lunar year, computed by the domain rules (DESIGN §3). */
export function GameInfoScreen() {
  const year = useLunarYear();
  const yearAnimal = ZODIAC_ZH[zodiacOfYear(year)];
  const elements = fiveElementsOf(year);

  return (
    <div className="kj-stack">
      <Section id="kj-ref-colour" title="波色对照">
        <ul className="kj-ref-rows">
          {COLOURS.map((colour) => (
            <li key={colour} className="kj-ref-row">
              <span className="kj-ref-row__label" style={{ color: COLOUR_INFO[colour].hex }}>
                {COLOUR_INFO[colour].zh}
              </span>
              <span className="kj-ref-row__balls">
                {colourBalls(colour).map((n) => (
                  <NumberBall key={n} number={n} lunarYear={year} />
                ))}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="kj-ref-zodiac" title={`${year} ${yearAnimal}年 生肖号码`}>
        <ul className="kj-ref-rows">
          {ZODIACS.map((z) => (
            <li key={z} className="kj-ref-row">
              <span className="kj-ref-row__label">
                {ZODIAC_ZH[z]}
                <small>{isDomestic(z) ? '家禽' : '野兽'}</small>
              </span>
              <span className="kj-ref-row__balls">
                {zodiacBalls(z, year).map((n) => (
                  <NumberBall key={n} number={n} lunarYear={year} />
                ))}
              </span>
            </li>
          ))}
        </ul>
        <p className="kj-ref-note">
          生肖随农历年变化，春节当天切换；本命生肖（{yearAnimal}）对应 01、13、25、37、49。
        </p>
      </Section>

      <Section id="kj-ref-elements" title={`${year} 五行号码`}>
        <ul className="kj-ref-rows">
          {ELEMENTS.map((e) => (
            <li key={e} className="kj-ref-row">
              <span className="kj-ref-row__label">{ELEMENT_ZH[e]}</span>
              <span className="kj-ref-row__balls">
                {elements[e].map((n) => (
                  <NumberBall key={n} number={n} lunarYear={year} />
                ))}
              </span>
            </li>
          ))}
        </ul>
        <p className="kj-ref-note">五行按号码对应年份的纳音推算，同样在春节切换。</p>
      </Section>

      <Section id="kj-ref-rules" title="大小单双与总和">
        <table className="kj-ref-table">
          <tbody>
            <tr>
              <th scope="row">小</th>
              <td>01 – 24</td>
            </tr>
            <tr>
              <th scope="row">大</th>
              <td>25 – 49</td>
            </tr>
            <tr>
              <th scope="row">单 / 双</th>
              <td>按号码奇偶，例如 07 为单、18 为双</td>
            </tr>
            <tr>
              <th scope="row">总大 / 总小</th>
              <td>七个号码之和 ≥ 175 为总大，≤ 174 为总小</td>
            </tr>
            <tr>
              <th scope="row">总单 / 总双</th>
              <td>七个号码之和的奇偶</td>
            </tr>
          </tbody>
        </table>
      </Section>
    </div>
  );
}
