import { lunarYearOf } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { Ball } from '../../shared/ui/ball';
import { Field } from '../../shared/ui/field';
import { useCorrectDrawMutation } from './games-api';

const pad = (s: string) => (s.trim().length === 1 ? `0${s.trim()}` : s.trim());
const isBall = (s: string) => /^\d{2}$/.test(s) && Number(s) >= 1 && Number(s) <= 49;

/** A finished draw's numbers corrected, with the reason: audited, and every visitor told. */
export function CorrectionSection({ gameId }: { gameId: number }) {
  const t = useT();
  const { guard } = useReauth();
  const [issue, setIssue] = useState('');
  const [numbers, setNumbers] = useState<string[]>(Array(7).fill(''));
  const [reason, setReason] = useState('');
  const [correct, state] = useCorrectDrawMutation();
  const [done, setDone] = useState('');
  const balls = numbers.map(pad);
  const ready =
    balls.every(isBall) && new Set(balls).size === 7 && issue.trim() && reason.trim().length >= 2;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (
      !ready ||
      !window.confirm(t('games.correctConfirm', { issue: issue.trim(), numbers: balls.join(' ') }))
    )
      return;
    try {
      const snap = await guard(() =>
        correct({ gameId, issue: issue.trim(), numbers: balls, reason: reason.trim() }).unwrap(),
      );
      setDone(t('games.corrected', { issue: snap.issue }));
    } catch {
      // Shown below; everything typed stays.
    }
  };
  return (
    <section className="cs-card" aria-labelledby="cs-fix-title">
      <h2 id="cs-fix-title">{t('games.correct')}</h2>
      <p className="cs-muted">{t('games.correctHint')}</p>
      <form onSubmit={submit}>
        <Field
          label={t('games.issue')}
          required
          inputMode="numeric"
          maxLength={32}
          value={issue}
          onChange={(e) => setIssue(e.currentTarget.value.trim())}
        />
        <fieldset className="cs-fieldset cs-fieldset--plain">
          <legend>{t('games.numbers')}</legend>
          <div className="cs-seven">
            {numbers.map((n, i) => (
              <label key={i} className="cs-seven__cell">
                <span>{i === 6 ? t('desk.special') : t('games.nth', { n: i + 1 })}</span>
                <input
                  inputMode="numeric"
                  maxLength={2}
                  value={n}
                  aria-invalid={n !== '' && !isBall(pad(n)) ? true : undefined}
                  onChange={(e) => {
                    const next = [...numbers];
                    next[i] = e.currentTarget.value.replace(/\D/g, '');
                    setNumbers(next);
                  }}
                />
              </label>
            ))}
          </div>
          {balls.every(isBall) && (
            <div className="cs-balls" aria-label={t('games.preview')}>
              {balls.map((b, i) => (
                <Ball key={i} n={b} lunarYear={lunarYearOf()} />
              ))}
            </div>
          )}
        </fieldset>
        <Field
          label={t('games.reason')}
          required
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {state.error && (
          <p className="cs-form-error" role="alert">
            {errorText(state.error, t)}
          </p>
        )}
        {done && !state.error && (
          <p className="cs-ok" role="status">
            {done}
          </p>
        )}
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={state.isLoading || !ready}
        >
          {t('games.correctSubmit')}
        </button>
      </form>
    </section>
  );
}
