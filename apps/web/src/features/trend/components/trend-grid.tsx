import type { DrawTrend, TrendKind } from '@kaijiang/domain';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { useAfterPictures } from '../lib/use-after-pictures';
import { columnLabel } from '../model/labels';
import { trendWords } from '../model/words';
import { TileWatcher } from '../lib/tile-watcher';
import { AHEAD_MARGIN, ROW_H, TILE_ROWS, TILE_WIDTH, TrendTile } from './trend-tile';

const ISSUE_W = 76;
const MIN_CELL = 24;
/** On a wide chart (a desktop) the 49 number columns fit without a sideways scroll. */
const MIN_CELL_WIDE = 17;
const WIDE = 700;
/** Wide enough that a desktop's chart of three or four columns fills the card. */
const MAX_CELL = 240;

/** Cells as wide as the screen allows: a desktop shows every column of a short kind at once. */
function cellFor(width: number, columns: number): number {
  const fit = Math.floor((width - ISSUE_W) / columns);
  const least = width >= WIDE ? MIN_CELL_WIDE : MIN_CELL;
  return Math.max(least + (columns > 12 ? 0 : 12), Math.min(MAX_CELL, fit));
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
  // Set once the first chart is up: the tiles of any later one are painted at once.
  const eager = useRef(false);
  const watcher = useMemo(() => new TileWatcher(() => scroller.current, AHEAD_MARGIN), []);
  useEffect(() => () => watcher.disconnect(), [watcher]);
  useEffect(() => {
    if (width > 0) eager.current = true;
  }, [width]);
  const sized = width > 0 || typeof ResizeObserver !== 'function';
  // A chart opens at its newest draw (rows go oldest first): at its foot, once it has its size,
  // and again for another game or kind, not for each new draw that comes in while one reads.
  const opened = useRef('');
  useEffect(() => {
    const el = scroller.current;
    const key = `${chart.gameId}:${kind}`;
    if (!el || !sized || opened.current === key) return;
    opened.current = key;
    el.scrollTop = el.scrollHeight;
  }, [chart.gameId, kind, sized]);
  const labels = chart.columns.map((c) => columnLabel(c, locale));
  // Rows' words and stats follow the pictures (see useAfterPictures); the issues stay put.
  const words = useAfterPictures(chart);
  // Tiles of TILE_ROWS draws by bands of columns at most TILE_WIDTH wide, row by row; keyed by
  // place, so that a chart of other columns repaints the same canvases instead of new ones.
  const band = Math.max(1, Math.floor(TILE_WIDTH / cell));
  const bands: [number, number][] = [];
  for (let c0 = 0; c0 < cols; c0 += band) bands.push([c0, Math.min(cols, c0 + band)]);
  const tiles: [number, number, number, number][] = [];
  for (let from = 0; from < chart.rows.length; from += TILE_ROWS)
    bands.forEach(([c0, c1], b) => tiles.push([from, b, c0, c1]));
  const stats: [string, number[]][] = [
    [w.appear, words.stats.appear],
    [w.maxMiss, words.stats.maxMiss],
    [w.avgMiss, words.stats.avgMiss],
    [w.maxStreak, words.stats.maxStreak],
  ];
  const statLabels = words === chart ? labels : words.columns.map((c) => columnLabel(c, locale));
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
          <IssueColumn rows={chart.rows} said={words.rows} />
          <div
            className="kj-trend__tiles"
            style={{
              gridTemplateColumns: bands.map(([c0, c1]) => `${(c1 - c0) * cell}px`).join(' '),
            }}
          >
            {tiles.map(([from, b, c0, c1]) => (
              <TrendTile
                key={`${from}:${b}`}
                chart={chart}
                kind={kind}
                from={from}
                c0={c0}
                c1={c1}
                cell={cell}
                misses={misses}
                sized={sized}
                eager={eager}
                watcher={watcher}
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
                  <td key={words.columns[i]} aria-label={`${statLabels[i]} ${v}`}>
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

type Rows = DrawTrend['rows'];

/** Same draws in the same order (charts of one game and range differ only in their cells). */
const sameIssues = (a: Rows, b: Rows) =>
  a.length === b.length && a[0]?.issue === b[0]?.issue && a.at(-1)?.issue === b.at(-1)?.issue;

/**
 * The sticky column of issues, each with its draw's hits in words for screen readers (the
 * canvases are pictures of the same): the issues of the chart shown, the words of `said` (the
 * chart before while the pictures are painted, for a row it holds). Rendered again only when
 * the draws or the words change.
 */
const IssueColumn = memo(
  function IssueColumn({ rows, said }: { rows: Rows; said: Rows }) {
    const w = useMessages(trendWords);
    const locale = useLocale();
    return (
      <ol className="kj-trend__issues">
        {rows.map((row, i) => {
          const words = said[i]?.issue === row.issue ? said[i] : row;
          return (
            <li key={row.issue}>
              <span aria-hidden="true">{row.issue}</span>
              <span className="kj-sr-only">
                {format(w.rowHits, {
                  issue: row.issue,
                  hits: words.hits.map((h) => columnLabel(h, locale)).join(' '),
                })}
              </span>
            </li>
          );
        })}
      </ol>
    );
  },
  (a, b) => a.said === b.said && sameIssues(a.rows, b.rows),
);
