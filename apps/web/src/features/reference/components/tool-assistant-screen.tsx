import { ALL_BALLS, ballInfo, COLOUR_INFO, colourOf } from '@kaijiang/domain';
import { useState } from 'react';
import { useLunarYear } from '@/shared/lib/use-lunar-year';
import { NumberBall } from '@/shared/ui/number-ball';
import { Section } from '@/shared/ui/section';
import './reference.css';

/** Number lookup: pick a number, read all its attributes for this lunar year. */
export function ToolAssistantScreen() {
  const year = useLunarYear();
  const [picked, setPicked] = useState('01');
  const info = ballInfo(picked, year);

  return (
    <div className="kj-stack">
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
      </Section>
      <Section id="kj-tool-pick" title="选择号码">
        <ul className="kj-tool-pick">
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
    </div>
  );
}
