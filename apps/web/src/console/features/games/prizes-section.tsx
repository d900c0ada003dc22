import type { PrizeInput } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { Field } from '../../shared/ui/field';
import { SaveStatus } from '../../shared/ui/save-status';
import { useLazyDrawDetailQuery, useSavePrizesMutation } from './games-api';

interface Row {
  winners: string;
  dividend: string;
}
const EMPTY_ROWS: Row[] = Array.from({ length: 7 }, () => ({ winners: '', dividend: '' }));

/** The Hong Kong prize record of a finished draw: units won and dividend per division, turnover, jackpot. */
export function PrizesSection({ gameId }: { gameId: number }) {
  const t = useT();
  const [issue, setIssue] = useState('');
  const [rows, setRows] = useState<Row[]>(EMPTY_ROWS);
  const [turnover, setTurnover] = useState('');
  const [jackpot, setJackpot] = useState('');
  const [snowball, setSnowball] = useState('');
  const [load, loaded] = useLazyDrawDetailQuery();
  const [save, saving] = useSavePrizesMutation();
  const [problem, setProblem] = useState('');

  const fetchRecord = async () => {
    setProblem('');
    const r = await load({ gameId, issue: issue.trim() });
    const p = r.data?.prizes;
    if (!p) return;
    setRows(
      p.divisions.map((d) => ({
        winners: String(d.winners),
        dividend: d.dividend === null ? '' : String(d.dividend),
      })),
    );
    setTurnover(String(p.turnover));
    setJackpot(String(p.jackpot));
    setSnowball(p.snowball ?? '');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const num = (s: string) => Number(s.replace(/,/g, ''));
    const divisions = rows.map((r, i) => ({
      division: i + 1,
      winners: num(r.winners || '0'),
      dividend: r.dividend.trim() === '' ? null : num(r.dividend),
    }));
    if (
      divisions.some(
        (d) =>
          !Number.isFinite(d.winners) || (d.dividend !== null && !Number.isInteger(d.dividend)),
      )
    ) {
      return setProblem(t('prizes.numbers'));
    }
    const record: PrizeInput = {
      divisions,
      turnover: num(turnover || '0'),
      jackpot: num(jackpot || '0'),
      snowball: snowball.trim() || null,
    };
    await save({ gameId, issue: issue.trim(), record });
  };

  return (
    <section className="cs-card" aria-labelledby="cs-prizes-title">
      <h2 id="cs-prizes-title">{t('prizes.title')}</h2>
      <form onSubmit={submit}>
        <div className="cs-row-form">
          <div className="cs-field cs-row-form__main">
            <Field
              label={t('games.issue')}
              required
              inputMode="numeric"
              maxLength={32}
              value={issue}
              onChange={(e) => setIssue(e.currentTarget.value.trim())}
            />
          </div>
          <div className="cs-actions">
            <button
              type="button"
              className="cs-button"
              disabled={!issue || loaded.isFetching}
              onClick={() => void fetchRecord()}
            >
              {t('prizes.load')}
            </button>
          </div>
        </div>
        {loaded.error && (
          <p className="cs-form-error" role="alert">
            {errorText(loaded.error, t)}
          </p>
        )}
        <div className="cs-table-wrap">
          <table className="cs-table cs-prize-table">
            <thead>
              <tr>
                <th scope="col">{t('prizes.division')}</th>
                <th scope="col">{t('prizes.winners')}</th>
                <th scope="col">{t('prizes.dividend')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  <th scope="row">{t('prizes.nth', { n: i + 1 })}</th>
                  <td>
                    <input
                      aria-label={t('prizes.winnersOf', { n: i + 1 })}
                      inputMode="decimal"
                      value={r.winners}
                      onChange={(e) =>
                        setRows(
                          rows.map((x, k) =>
                            k === i ? { ...x, winners: e.currentTarget.value } : x,
                          ),
                        )
                      }
                    />
                  </td>
                  <td>
                    <input
                      aria-label={t('prizes.dividendOf', { n: i + 1 })}
                      inputMode="numeric"
                      placeholder={t('prizes.none')}
                      value={r.dividend}
                      onChange={(e) =>
                        setRows(
                          rows.map((x, k) =>
                            k === i ? { ...x, dividend: e.currentTarget.value } : x,
                          ),
                        )
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="cs-two">
          <Field
            label={t('prizes.turnover')}
            inputMode="numeric"
            value={turnover}
            onChange={(e) => setTurnover(e.currentTarget.value)}
          />
          <Field
            label={t('prizes.jackpot')}
            inputMode="numeric"
            value={jackpot}
            onChange={(e) => setJackpot(e.currentTarget.value)}
          />
          <Field
            label={t('prizes.snowball')}
            maxLength={40}
            value={snowball}
            onChange={(e) => setSnowball(e.currentTarget.value)}
          />
        </div>
        <SaveStatus
          saving={saving.isLoading}
          saved={saving.isSuccess}
          error={saving.error}
          problem={problem}
        />
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={saving.isLoading || !issue}
        >
          {t('prizes.save')}
        </button>
      </form>
    </section>
  );
}
