import {
  addDays,
  dateKey,
  parseDateKey,
  zonedParts,
  type ConsoleGameState,
} from '@kaijiang/domain';
import { useState } from 'react';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { Field } from '../../shared/ui/field';
import { useSaveDrawDaysMutation } from './games-api';

const WEEKDAY_NAMES = ['日', '一', '二', '三', '四', '五', '六'];
/** Monday first, as a Chinese calendar reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/**
 * A daily or weekly game's draw days, changed from a day after the next draw (the next issue is
 * announced and keeps its day); the time zone is shown, not edited: issue numbers hang on it.
 */
export function DrawDaysSection({ game }: { game: ConsoleGameState }) {
  const t = useT();
  const { guard } = useReauth();
  const [save, state] = useSaveDrawDaysMutation();
  const inForce = game.drawDays.length === 0 ? WEEK : game.drawDays;
  const [days, setDays] = useState<number[]>(game.daysChange?.drawDays ?? [...inForce]);
  const nextDay = game.nextDrawAt
    ? parseDateKey(dateKey(zonedParts(new Date(game.nextDrawAt), game.timezone)))
    : null;
  const min = nextDay ? dateKey(addDays(nextDay, 1)) : '';
  const [from, setFrom] = useState(game.daysChange?.from ?? min);
  const fields = fieldErrors(state.error);
  const named = (list: number[]) =>
    list.length === 0 || list.length === 7
      ? t('games.everyDay')
      : WEEK.filter((d) => list.includes(d))
          .map((d) => t('games.weekday', { d: WEEKDAY_NAMES[d]! }))
          .join('、');
  const submit = (drawDays: number[], on: string, ask: boolean) => {
    if (ask && !window.confirm(t('games.daysConfirm', { from: on, days: named(drawDays) }))) return;
    void guard(() => save({ gameId: game.id, drawDays, from: on }).unwrap()).catch(() => undefined);
  };
  return (
    <section className="cs-card" aria-labelledby="cs-days-title">
      <h2 id="cs-days-title">{t('games.days')}</h2>
      <p>{t('games.scheduleNow', { schedule: game.schedule })}</p>
      <p className="cs-field__hint">
        {t('games.timezone', { zone: game.timezone })} · {t('games.timezoneHint')}
      </p>
      {game.daysChange && (
        <div className="cs-days-pending" role="status">
          {t('games.daysPending', {
            from: game.daysChange.from,
            days: named(game.daysChange.drawDays),
          })}
          <button
            type="button"
            className="cs-button"
            disabled={state.isLoading}
            onClick={() => {
              setDays([...inForce]);
              submit([...inForce], game.daysChange!.from, false);
            }}
          >
            {t('games.daysCancel')}
          </button>
        </div>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit(days, from, true);
        }}
      >
        <fieldset className="cs-fieldset--plain cs-weekdays">
          <legend>{t('games.daysLegend')}</legend>
          {WEEK.map((d) => (
            <label key={d} className="cs-check">
              <input
                type="checkbox"
                checked={days.includes(d)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setDays((now) => (on ? [...now, d] : now.filter((x) => x !== d)));
                }}
              />
              {t('games.weekday', { d: WEEKDAY_NAMES[d]! })}
            </label>
          ))}
        </fieldset>
        <p className="cs-field__hint">{t('games.daysHint')}</p>
        <Field
          label={t('games.daysFrom')}
          hint={min ? t('games.daysFromHint', { min }) : undefined}
          type="date"
          required
          min={min}
          value={from}
          error={fields.from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        {state.error && !fields.from && (
          <p className="cs-form-error" role="alert">
            {errorText(state.error, t)}
          </p>
        )}
        {state.data && !state.error && (
          <p className="cs-ok" role="status">
            {t('games.daysSaved', { schedule: state.data.schedule })}
          </p>
        )}
        <button
          type="submit"
          className="cs-button"
          disabled={state.isLoading || !from || game.drawing}
        >
          {t('games.saveDays')}
        </button>
      </form>
    </section>
  );
}
