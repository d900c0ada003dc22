import { SEARCH_POSITIONS, ZODIACS, ZODIAC_ZH, ZODIAC_ZH_HANT, type Game } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePagedList } from '@/shared/api/paged-list';
import { format, useLocale } from '@/shared/i18n';
import { searchCsvUrl, useSearchDrawsInfiniteQuery } from '../api/history-api';
import {
  parseNumbers,
  readSearchQuery,
  writeSearchQuery,
  type SearchQuery,
} from '../model/search-query';
import type { HistoryWords } from '../model/words';
import { HistoryList } from './history-list';

const issueOf = (d: { issue: string }) => d.issue;

/** CSS that rings the balls a search matched: its numbers at its place, or its zodiac. */
function highlightCss(q: SearchQuery): string {
  const at =
    q.position === 'any'
      ? '.kj-dball'
      : q.position === 'special'
        ? '.kj-dball:last-child'
        : `.kj-dball:nth-child(${q.position})`;
  const selectors = q.numbers.map((n) => `.kj-srch ${at}[data-ball="${n}"]`);
  if (q.zodiac) {
    for (const name of [ZODIAC_ZH[q.zodiac], ZODIAC_ZH_HANT[q.zodiac]]) {
      selectors.push(`.kj-srch ${at}:has([role="img"][aria-label$=" ${name}"])`);
    }
  }
  const balls = selectors.map((sel) => `${sel} [role="img"]`).join(',');
  return balls
    ? `${balls}{box-shadow:0 0 0 2px var(--kj-surface),0 0 0 4px var(--kj-brand-text,#c62828)}`
    : '';
}

/** The search form of the history screen, and what it found. */
export function DrawSearch({ game, w }: { game: Game; w: HistoryWords }) {
  const locale = useLocale();
  const [search, setSearch] = useSearchParams();
  const query = readSearchQuery(search);
  const [numbers, setNumbers] = useState(query?.numbers.join(' ') ?? '');
  const [position, setPosition] = useState<SearchQuery['position']>(query?.position ?? 'any');
  const [zodiac, setZodiac] = useState<string>(query?.zodiac ?? '');
  const [from, setFrom] = useState(query?.from ?? '');
  const [to, setTo] = useState(query?.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const result = useSearchDrawsInfiniteQuery(query ? { gameId: game.id, ...query } : skipToken);
  const list = usePagedList(result, issueOf);
  const scanned = result.data?.pages.at(-1)?.scanned ?? 0;

  const go = (next: SearchQuery | null) =>
    setSearch(
      (prev) => {
        const out = new URLSearchParams(prev);
        writeSearchQuery(out, next);
        return out;
      },
      { replace: true },
    );

  // A refused search takes the last results away: under its error they would read as its answer.
  const refuse = (message: string) => {
    setError(message);
    go(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseNumbers(numbers);
    if (!parsed) return refuse(w.searchBad);
    if (from && to && from > to) return refuse(w.searchDates);
    const next = readSearchQuery(
      new URLSearchParams({
        numbers: parsed.join(','),
        position,
        zodiac,
        from,
        to,
      }),
    );
    if (!next) return refuse(w.searchEmpty);
    setError(null);
    go(next);
  };

  const clear = () => {
    setNumbers('');
    setPosition('any');
    setZodiac('');
    setFrom('');
    setTo('');
    setError(null);
    go(null);
  };

  const zodiacNames = locale === 'zh-Hant' ? ZODIAC_ZH_HANT : ZODIAC_ZH;
  return (
    <div className="kj-srch">
      <form className="kj-srch__form" onSubmit={submit} noValidate>
        <div className="kj-field kj-srch__numbers">
          <label htmlFor="kj-srch-numbers">{w.searchNumbers}</label>
          <input
            id="kj-srch-numbers"
            value={numbers}
            onChange={(e) => setNumbers(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            placeholder={w.searchNumbersHint}
            aria-invalid={error === w.searchBad}
            aria-describedby={error ? 'kj-srch-error kj-srch-help' : 'kj-srch-help'}
          />
          <small id="kj-srch-help" className="kj-srch__help">
            {w.searchNumbersHelp}
          </small>
        </div>
        <label className="kj-field">
          <span>{w.searchPosition}</span>
          <select
            value={position}
            onChange={(e) => setPosition(e.target.value as SearchQuery['position'])}
          >
            {SEARCH_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {p === 'any'
                  ? w.posAny
                  : p === 'special'
                    ? w.posSpecial
                    : format(w.posN, { n: '一二三四五六'[Number(p) - 1]! })}
              </option>
            ))}
          </select>
        </label>
        <label className="kj-field">
          <span>{w.searchZodiac}</span>
          <select value={zodiac} onChange={(e) => setZodiac(e.target.value)}>
            <option value="">{w.anyZodiac}</option>
            {ZODIACS.map((z) => (
              <option key={z} value={z}>
                {zodiacNames[z]}
              </option>
            ))}
          </select>
        </label>
        <label className="kj-field">
          <span>{w.searchFrom}</span>
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="kj-field">
          <span>{w.searchTo}</span>
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="kj-srch__actions">
          <button type="submit" className="kj-button">
            {w.searchGo}
          </button>
          <button type="button" className="kj-button kj-button--ghost" onClick={clear}>
            {w.searchClear}
          </button>
        </div>
        {error ? (
          <p id="kj-srch-error" className="kj-srch__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {query ? (
        <>
          <style>{highlightCss(query)}</style>
          {list.items.length > 0 ? (
            <div className="kj-srch__found">
              <p role="status">{format(w.searchFound, { total: list.total, scanned })}</p>
              <a
                className="kj-button kj-button--ghost kj-hist__csv"
                href={searchCsvUrl({ gameId: game.id, ...query })}
                download
                aria-label={format(w.searchCsvLabel, { game: game.name, total: list.total })}
              >
                {w.csv}
              </a>
            </div>
          ) : null}
          <HistoryList history={{ ...list, years: [] }} game={game} w={w} empty={w.searchNone} />
        </>
      ) : null}
    </div>
  );
}
