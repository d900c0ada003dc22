import type { DrawTrend, TrendKind } from '@kaijiang/domain';
import { memo, useEffect, useRef, useState } from 'react';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { columnLabel } from '../model/labels';
import { trendWords } from '../model/words';
import { ROW_H, TILE_ROWS, TrendTile } from './trend-tile';

const ISSUE_W = 76;
const MIN_CELL = 24;
const MAX_CELL = 96;

/** Cells as wide as the screen allows: a desktop shows every column of a short kind at once. */
function cellFor(width: number, columns: number): number {
  const fit = Math.floor((width - ISSUE_W) / columns);
  return Math.max(MIN_CELL + (columns > 12 ? 0 : 12), Math.min(MAX_CELL, fit));
}

interface Props {
  chart: DrawTrend;
  kind: TrendKind;
  misses: boolean;
  kindLabel: string;
}

/**
 * The chart: a sticky header of columns and a sticky issue column around canvas tiles of hits
 * and omissions, the four stats rows at the foot. Screen readers read each draw's hits from the
 * issue column; the canvases are pictures of the same. Memoised: while the next chart loads, the
 * screen renders again with the same one, and 200 rows need not be gone through for nothing.
 */
export const TrendGrid = memo(function TrendGrid({ chart, kind, misses, kindLabel }: Props) {
  const w = useMessages(trendWords);
  const locale = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const cols = chart.columns.length;
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const ro = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const cell = width ? cellFor(width, cols) : cols > 12 ? MIN_CELL : 44;
  const sized = width > 0 || typeof ResizeObserver !== 'function';
  const labels = chart.columns.map((c) => columnLabel(c, locale));
  const tiles: number[] = [];
  for (let from = 0; from < chart.rows.length; from += TILE_ROWS) tiles.push(from);
  const stats: [string, number[]][] = [
    [w.appear, chart.stats.appear],
    [w.maxMiss, chart.stats.maxMiss],
    [w.avgMiss, chart.stats.avgMiss],
    [w.maxStreak, chart.stats.maxStreak],
  ];
  const first = chart.rows[0];
  const last = chart.rows.at(-1);
  const sheet = {
    width: `${ISSUE_W + cols * cell}px`,
    '--kj-trend-cell': `${cell}px`,
    '--kj-trend-issue': `${ISSUE_W}px`,
    '--kj-trend-row': `${ROW_H}px`,
  } as React.CSSProperties;

  return (
    <div
      className="kj-trend__scroll"
      ref={scroller}
      role="region"
      tabIndex={0}
      aria-label={format(w.chartLabel, {
        kind: kindLabel,
        from: first?.issue ?? '',
        to: last?.issue ?? '',
        n: chart.rows.length,
      })}
    >
      <div className="kj-trend__sheet" style={sheet}>
        <div className="kj-trend__head" aria-hidden="true">
          <span className="kj-trend__corner">{w.issue}</span>
          {labels.map((label) => (
            <span key={label} className="kj-trend__col">
              {label}
            </span>
          ))}
        </div>
        <div className="kj-trend__body">
          <ol className="kj-trend__issues">
            {chart.rows.map((row) => (
              <li key={row.issue}>
                <span aria-hidden="true">{row.issue}</span>
                <span className="kj-sr-only">
                  {format(w.rowHits, {
                    issue: row.issue,
                    hits: row.hits.map((h) => columnLabel(h, locale)).join(' '),
                  })}
                </span>
              </li>
            ))}
          </ol>
          <div className="kj-trend__tiles">
            {tiles.map((from) => (
              <TrendTile
                key={from}
                chart={chart}
                kind={kind}
                from={from}
                cell={cell}
                misses={misses}
                sized={sized}
              />
            ))}
          </div>
        </div>
        <table className="kj-trend__stats">
          <tbody>
            {stats.map(([name, values]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {values.map((v, i) => (
                  <td key={chart.columns[i]} aria-label={`${labels[i]} ${v}`}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
});
