import {
  ALL_BALLS,
  COLOUR_INFO,
  ELEMENTS,
  ELEMENT_ZH,
  PARITY_ZH,
  PARITY_ZH_HANT,
  SIZE_ZH,
  ZODIACS,
  ZODIAC_ZH,
  ZODIAC_ZH_HANT,
  type BallScope,
  type Colour,
  type DrawStats,
} from '@kaijiang/domain';
import { useState } from 'react';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { NumberBall } from '@/shared/ui/number-ball';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText } from '@/shared/api/paged-list';
import { useDrawStatsQuery } from '../api/history-api';
import { historyWords, type HistoryWords } from '../model/words';
import { BarChart, type Bar } from './bar-chart';
import './stats-view.css';

export const STATS_WINDOWS = [50, 100, 200, 500] as const;
const COLOURS: Colour[] = ['red', 'blue', 'green'];

function distributionBars(stats: DrawStats, locale: string): Record<string, Bar[]> {
  const d = stats.distributions;
  const hant = locale === 'zh-Hant';
  const bars = (
    keys: readonly string[],
    counts: Record<string, number>,
    label: (k: string) => string,
    colour?: (k: string) => string,
  ) => keys.map((k) => ({ key: k, label: label(k), value: counts[k] ?? 0, colour: colour?.(k) }));
  return {
    colour: bars(
      COLOURS,
      d.colour,
      (k) => COLOUR_INFO[k as Colour][hant ? 'zhHant' : 'zh'],
      (k) => COLOUR_INFO[k as Colour].hex,
    ),
    zodiac: bars(
      ZODIACS,
      d.zodiac,
      (k) => (hant ? ZODIAC_ZH_HANT : ZODIAC_ZH)[k as (typeof ZODIACS)[number]],
    ),
    element: bars(ELEMENTS, d.element, (k) => ELEMENT_ZH[k as (typeof ELEMENTS)[number]]),
    size: bars(
      Object.keys(d.size).includes('tie') ? ['big', 'small', 'tie'] : ['big', 'small'],
      d.size,
      (k) => SIZE_ZH[k as keyof typeof SIZE_ZH],
    ),
    parity: bars(
      ['odd', 'even'],
      d.parity,
      (k) => (hant ? PARITY_ZH_HANT : PARITY_ZH)[k as 'odd' | 'even'],
    ),
  };
}

function BallCounts({
  items,
  unit,
  label,
}: {
  items: { number: string; n: number }[];
  unit: string;
  label: string;
}) {
  return (
    <ol className="kj-sballs" aria-label={label}>
      {items.map((it) => (
        <li key={it.number} className="kj-sballs__item">
          <NumberBall number={it.number} />
          <span className="kj-sballs__n">{format(unit, { n: it.n })}</span>
        </li>
      ))}
    </ol>
  );
}

function Stats({ stats, w, locale }: { stats: DrawStats; w: HistoryWords; locale: string }) {
  const missingTop = [...ALL_BALLS]
    .map((number) => ({ number, n: stats.missing[number] ?? 0 }))
    .sort((a, b) => b.n - a.n || a.number.localeCompare(b.number))
    .slice(0, 10);
  const dist = distributionBars(stats, locale);
  return (
    <>
      {stats.from && stats.to ? (
        <p className="kj-stats__range">
          {format(w.range, { from: stats.from, to: stats.to, n: stats.window })}
        </p>
      ) : null}
      <div className="kj-stats__grid">
        <section className="kj-stats__block" aria-labelledby="kj-stats-hot">
          <h3 id="kj-stats-hot">
            {w.hot} <small>{w.hotHint}</small>
          </h3>
          <BallCounts
            items={stats.hot.map((h) => ({ number: h.number, n: h.count }))}
            unit={w.times}
            label={w.hot}
          />
        </section>
        <section className="kj-stats__block" aria-labelledby="kj-stats-cold">
          <h3 id="kj-stats-cold">
            {w.cold} <small>{w.coldHint}</small>
          </h3>
          <BallCounts
            items={stats.cold.map((h) => ({ number: h.number, n: h.count }))}
            unit={w.times}
            label={w.cold}
          />
        </section>
        <section className="kj-stats__block" aria-labelledby="kj-stats-missing">
          <h3 id="kj-stats-missing">{w.missingTop}</h3>
          <p className="kj-stats__hint">{w.missingHint}</p>
          <BallCounts items={missingTop} unit={w.periods} label={w.missingTop} />
        </section>
      </div>
      <section className="kj-stats__block" aria-labelledby="kj-stats-dist">
        <h3 id="kj-stats-dist">{w.distributions}</h3>
        <div className="kj-stats__charts">
          <BarChart title={w.colour} bars={dist.colour!} />
          <BarChart title={w.element} bars={dist.element!} />
          <BarChart title={w.size} bars={dist.size!} />
          <BarChart title={w.parity} bars={dist.parity!} />
          <BarChart title={w.zodiac} bars={dist.zodiac!} />
        </div>
      </section>
      <section className="kj-stats__block" aria-labelledby="kj-stats-numbers">
        <h3 id="kj-stats-numbers">{w.numberTable}</h3>
        <ul className="kj-ngrid" aria-labelledby="kj-stats-numbers">
          {ALL_BALLS.map((b) => (
            <li key={b} className="kj-ngrid__cell">
              <NumberBall number={b} />
              <span className="kj-ngrid__n">{format(w.times, { n: stats.frequency[b] ?? 0 })}</span>
              <span className="kj-ngrid__miss">
                {w.missing} {stats.missing[b] ?? 0}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The statistics tab, its own chunk: only visitors who open it download it. */
export function StatsView({ gameId }: { gameId: number }) {
  const w = useMessages(historyWords);
  const locale = useLocale();
  const [span, setSpan] = useState<number>(100);
  const [scope, setScope] = useState<BallScope>('all');
  // The previous answer stays on screen while the next loads, so the page does not jump.
  const query = useDrawStatsQuery({ gameId, window: span, scope });
  const stats = query.data ?? null;
  const loading = query.isFetching;
  const error = query.isError && !loading ? errorText(query.error) : null;
  const scopes: [BallScope, string][] = [
    ['all', w.scopeAll],
    ['regular', w.scopeRegular],
    ['special', w.scopeSpecial],
  ];

  let body;
  if (error) body = <ErrorNotice message={format(w.statsFailed, { msg: error })} />;
  else if (!stats) body = <Skeleton rows={8} height={20} label={w.loading} />;
  else if (stats.window === 0) body = <p className="kj-stats__hint">{w.statsEmpty}</p>;
  else body = <Stats stats={stats} w={w} locale={locale} />;

  return (
    <div className="kj-stats" aria-busy={loading}>
      <div className="kj-stats__controls">
        <label className="kj-field">
          <span>{w.window}</span>
          <select value={span} onChange={(e) => setSpan(Number(e.target.value))}>
            {STATS_WINDOWS.map((n) => (
              <option key={n} value={n}>
                {format(w.lastN, { n })}
              </option>
            ))}
          </select>
        </label>
        <div className="kj-seg" role="group" aria-label={w.scope}>
          {scopes.map(([value, text]) => (
            <button
              key={value}
              type="button"
              className="kj-seg__item"
              aria-pressed={scope === value}
              onClick={() => setScope(value)}
            >
              {text}
            </button>
          ))}
        </div>
      </div>
      {body}
    </div>
  );
}
