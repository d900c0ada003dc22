import {
  ALL_BALLS,
  COLOUR_INFO,
  ELEMENTS,
  ELEMENT_ZH,
  ZODIACS,
  ZODIAC_ZH,
  ballInfo,
  colourOf,
  fiveElementsOf,
  zodiacBalls,
  zodiacOfYear,
  type Ball,
} from '@kaijiang/domain';
import { useState } from 'react';
import { useLunarYear } from '@/shared/lib/use-lunar-year';
import { NumberBall } from '@/shared/ui/number-ball';
import { Section } from '@/shared/ui/section';
import { randomPick } from '../model/random-pick';
import './reference.css';
import './tool-assistant.css';

const PICK_COUNTS = [1, 3, 6, 7, 10];

function AttributeRows({ balls, year }: { balls: Ball[]; year: number }) {
  return (
    <table className="kj-tool-table">
      <thead>
        <tr>
          <th scope="col">号码</th>
          <th scope="col">波色</th>
          <th scope="col">生肖</th>
          <th scope="col">五行</th>
          <th scope="col">大小</th>
          <th scope="col">单双</th>
        </tr>
      </thead>
      <tbody>
        {balls.map((n) => {
          const info = ballInfo(n, year);
          return (
            <tr key={n}>
              <th scope="row">
                <NumberBall number={n} lunarYear={year} />
              </th>
              <td className={`kj-wave-text--${info.colour}`}>{info.colourZh}</td>
              <td>
                {info.zodiacZh}
                <small>{info.domestic ? '家禽' : '野兽'}</small>
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

/** Number tools: random picks, any number's attributes in any year, the year's tables. */
export function ToolAssistantScreen() {
  const currentYear = useLunarYear();
  const [year, setYear] = useState(currentYear);
  const [count, setCount] = useState(6);
  const [picks, setPicks] = useState<Ball[]>([]);
  const [picked, setPicked] = useState<Ball>('01');
  const info = ballInfo(picked, year);
  const years = Array.from({ length: 21 }, (_, i) => currentYear - 10 + i);
  const elements = fiveElementsOf(year);

  return (
    <div className="kj-stack">
      <div className="kj-card kj-tool-year">
        <label htmlFor="kj-tool-year">农历年份</label>
        <select id="kj-tool-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y} 年（{ZODIAC_ZH[zodiacOfYear(y)]}年）{y === currentYear ? ' · 今年' : ''}
            </option>
          ))}
        </select>
        <p>生肖与五行随农历年变化，在春节当天切换；波色、大小、单双每年不变。</p>
      </div>

      <Section id="kj-tool-random" title="随机选号">
        <div className="kj-tool-random">
          <div className="kj-tool-counts" role="group" aria-label="选几个号码">
            {PICK_COUNTS.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={n === count}
                className={n === count ? 'kj-tool-count kj-tool-count--on' : 'kj-tool-count'}
                onClick={() => setCount(n)}
              >
                {n} 个
              </button>
            ))}
          </div>
          <button
            type="button"
            className="kj-button kj-button--block"
            onClick={() => setPicks(randomPick(count))}
          >
            随机选 {count} 个号码
          </button>
          {picks.length ? (
            <AttributeRows balls={picks} year={year} />
          ) : (
            <p className="kj-ref-note">
              号码由浏览器的安全随机数生成，每个号码机会均等，仅供娱乐参考。
            </p>
          )}
        </div>
      </Section>

      <Section id="kj-tool-result" title="号码属性查询">
        <div className="kj-tool-result" aria-live="polite">
          <NumberBall number={picked} lunarYear={year} size="lg" />
          <table className="kj-ref-table">
            <tbody>
              <tr>
                <th scope="row">波色</th>
                <td>{info.colourZh}</td>
              </tr>
              <tr>
                <th scope="row">生肖</th>
                <td>
                  {info.zodiacZh}（{info.domestic ? '家禽' : '野兽'}）
                </td>
              </tr>
              <tr>
                <th scope="row">五行</th>
                <td>{info.elementZh}</td>
              </tr>
              <tr>
                <th scope="row">大小单双</th>
                <td>
                  {info.sizeZh} · {info.parityZh}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <ul className="kj-tool-pick" aria-label="选择号码">
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

      <Section id="kj-tool-zodiac" title={`${year} 年生肖对照表`}>
        <table className="kj-tool-table kj-tool-table--map">
          <tbody>
            {ZODIACS.map((z) => (
              <tr key={z}>
                <th scope="row">{ZODIAC_ZH[z]}</th>
                <td>
                  <span className="kj-tool-balls">
                    {zodiacBalls(z, year).map((n) => (
                      <NumberBall key={n} number={n} lunarYear={year} />
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="kj-tool-elements" title={`${year} 年五行对照表`}>
        <table className="kj-tool-table kj-tool-table--map">
          <tbody>
            {ELEMENTS.map((el) => (
              <tr key={el}>
                <th scope="row">{ELEMENT_ZH[el]}</th>
                <td>
                  <span className="kj-tool-balls">
                    {elements[el].map((n) => (
                      <NumberBall key={n} number={n} lunarYear={year} />
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
