import type { CalendarDay, DrawCalendar as Calendar, Game } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import { format, useMessages } from '@/shared/i18n';
import { fixedWallClock, formatDrawTime, intlLocale } from '@/shared/lib/schedule';
import { useServerNow } from '@/shared/live/server-clock';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { useDrawCalendarQuery } from '../api/calendar-api';
import { calendarWords, type CalendarWords } from '../model/calendar-words';
import { monthGrid, monthIn, shiftMonth } from '../model/month-grid';
import './draw-calendar.css';

/** Months a visitor may page back or ahead. */
const MONTHS_AROUND = 12;

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** "21:30" in the game's zone. */
function clockTime(iso: string, timeZone: string): string {
  // The games' zones need no formatter, whose first use costs a slow phone tens of ms.
  const wall = fixedWallClock(Date.parse(iso), timeZone);
  if (wall) return wall.toISOString().slice(11, 16);
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
    timeFormats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

const dayName = (date: string) => {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${m}月${d}日`;
};

function badgeOf(
  day: CalendarDay,
  w: CalendarWords,
): { text: string; tag: string; kind: string } | null {
  if (day.change?.kind === 'skipped') return { text: w.skipped, tag: w.skipped, kind: 'skipped' };
  if (day.change?.kind === 'moved') return { text: w.moved, tag: w.moved, kind: 'moved' };
  if (day.movedFrom) return { text: w.movedIn, tag: w.movedInTag, kind: 'moved' };
  if (day.change?.kind === 'added') return { text: w.added, tag: w.added, kind: 'added' };
  return null;
}

function DayCell({
  day,
  date,
  calendar,
  w,
}: {
  day: number;
  date: string;
  calendar: Calendar | undefined;
  w: CalendarWords;
}) {
  const info = calendar?.days.find((d) => d.date === date);
  const draw = info?.draws[0];
  const isNext = draw !== undefined && draw.drawAt === calendar?.next.drawAt;
  const badge = info ? badgeOf(info, w) : null;
  const what: string[] = [];
  if (draw) {
    what.push(
      format(w.drawAt, { time: clockTime(draw.drawAt, calendar!.timezone), issue: draw.issue }),
    );
  } else what.push(w.noDraw);
  if (isNext) what.push(w.nextDraw);
  if (badge) what.push(info?.change ? `${badge.text}：${info.change.note}` : badge.text);
  const classes = ['kj-cal__day'];
  if (draw) classes.push('kj-cal__day--draw');
  if (isNext) classes.push('kj-cal__day--next');
  else if (draw && calendar && draw.drawAt < calendar.next.drawAt)
    classes.push('kj-cal__day--past');
  if (badge) classes.push(`kj-cal__day--${badge.kind}`);
  return (
    <td
      className={classes.join(' ')}
      aria-label={format(w.dayLabel, { date: dayName(date), what: what.join('，') })}
    >
      <span className="kj-cal__num" aria-hidden="true">
        {day}
      </span>
      {draw ? (
        <span className="kj-cal__time" aria-hidden="true">
          {clockTime(draw.drawAt, calendar!.timezone)}
        </span>
      ) : null}
      {isNext ? (
        <span className="kj-cal__tag kj-cal__tag--next" aria-hidden="true">
          {w.nextDraw}
        </span>
      ) : badge ? (
        <span className={`kj-cal__tag kj-cal__tag--${badge.kind}`} aria-hidden="true">
          {badge.tag}
        </span>
      ) : null}
    </td>
  );
}

function ChangeList({ calendar, w }: { calendar: Calendar; w: CalendarWords }) {
  const days = calendar.days.filter((d) => d.change);
  if (days.length === 0) return <p className="kj-cal__note">{w.noChanges}</p>;
  const locale = intlLocale();
  return (
    <ul className="kj-cal__changes" aria-label={w.changes}>
      {days.map((d) => {
        const c = d.change!;
        const label = c.kind === 'skipped' ? w.skipped : c.kind === 'moved' ? w.moved : w.added;
        const when =
          c.kind === 'moved' && c.drawAt
            ? format(w.movedTo, {
                date: dayName(d.date),
                time: formatDrawTime(new Date(c.drawAt), calendar.timezone, locale),
              })
            : c.drawAt
              ? formatDrawTime(new Date(c.drawAt), calendar.timezone, locale)
              : dayName(d.date);
        return (
          <li key={d.date}>
            <span className={`kj-cal__tag kj-cal__tag--${c.kind}`}>{label}</span>
            <span>{when}</span>
            <span className="kj-cal__why">{c.note}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A month of draw days for one of `games` (a picker when there are several): each draw day with
 * its time, the next draw ringed, and what an operator changed (moved, skipped, added) marked
 * and explained under the grid. Games that draw every few minutes have no calendar.
 */
export function DrawCalendar({ games, headingId }: { games: Game[]; headingId?: string }) {
  const w = useMessages(calendarWords);
  const ownId = useId();
  const titleId = headingId ?? `kj-cal-${ownId}`;
  const now = useServerNow(60_000);
  const eligible = games.filter((g) => !g.intervalMinutes);
  const [pickedId, setPickedId] = useState<number>();
  const game = eligible.find((g) => g.id === pickedId) ?? eligible[0];
  const [offset, setOffset] = useState(0);
  const current = game ? monthIn(now, game.timezone) : '';
  const month = game ? shiftMonth(current, offset) : '';
  const query = useDrawCalendarQuery(game ? { gameId: game.id, month } : skipToken);
  if (!game) return null;
  const [year, m] = month.split('-').map(Number) as [number, number];
  // An answer for another month or game stays on screen, faded, until the new one is in.
  const calendar = query.data;
  const shown = calendar?.month === month && calendar.gameId === game.id ? calendar : undefined;

  let body;
  if (shown || (calendar && query.isFetching)) {
    body = (
      <table
        className={shown ? 'kj-cal__grid' : 'kj-cal__grid kj-cal__grid--stale'}
        aria-busy={!shown}
      >
        <caption className="kj-sr-only">
          {format(w.caption, { game: game.name, year, month: m })}
        </caption>
        <thead>
          <tr>
            {w.weekdays.split(',').map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week, i) => (
            <tr key={i}>
              {week.map((cell, j) =>
                cell ? (
                  <DayCell key={cell.date} day={cell.day} date={cell.date} calendar={shown} w={w} />
                ) : (
                  <td key={`blank-${j}`} className="kj-cal__blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else if (query.isError) {
    body = (
      <ErrorNotice message={w.failed} retryLabel={w.retry} onRetry={() => void query.refetch()} />
    );
  } else {
    body = (
      <div role="status" aria-label={w.loading}>
        <Skeleton rows={5} height={44} />
      </div>
    );
  }

  return (
    <section className="kj-card kj-cal" aria-labelledby={titleId}>
      <div className="kj-cal__head">
        <h2 className="kj-cal__title" id={titleId}>
          {w.title}
        </h2>
        {eligible.length > 1 ? (
          <label className="kj-cal__game">
            <span className="kj-sr-only">{w.game}</span>
            <select
              value={game.id}
              onChange={(e) => {
                setPickedId(Number(e.target.value));
                setOffset(0);
              }}
            >
              {eligible.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div className="kj-cal__nav">
        <button
          type="button"
          className="kj-cal__step"
          onClick={() => setOffset((o) => o - 1)}
          disabled={offset <= -MONTHS_AROUND}
          aria-label={w.previous}
        >
          ‹
        </button>
        <span className="kj-cal__month" aria-live="polite">
          {format(w.monthLabel, { year, month: m })}
        </span>
        <button
          type="button"
          className="kj-cal__step"
          onClick={() => setOffset((o) => o + 1)}
          disabled={offset >= MONTHS_AROUND}
          aria-label={w.next}
        >
          ›
        </button>
        {offset !== 0 ? (
          <button type="button" className="kj-cal__today" onClick={() => setOffset(0)}>
            {w.thisMonth}
          </button>
        ) : null}
      </div>
      {body}
      {shown ? (
        <>
          {shown.days.every((d) => d.draws.length === 0) ? (
            <p className="kj-cal__note">{w.empty}</p>
          ) : null}
          <ChangeList calendar={shown} w={w} />
        </>
      ) : null}
    </section>
  );
}
