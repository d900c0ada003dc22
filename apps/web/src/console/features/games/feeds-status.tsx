import type { FeedOverview } from '@kaijiang/domain';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { formatTime } from '../../shared/format';
import { useSettleDisputeMutation } from './feeds-api';

/** Alerts first, then disputes to settle, then each source's last answer, error and lag. */
export function FeedsStatus({ gameId, overview }: { gameId: number; overview: FeedOverview }) {
  const t = useT();
  const { guard } = useReauth();
  const [settle, settled] = useSettleDisputeMutation();
  return (
    <div className="cs-feeds-status">
      {overview.alerts.length > 0 && (
        <div className="cs-form-error" role="alert" data-feed-alerts>
          <strong>{t('feeds.alerts')}</strong>
          <ul>
            {overview.alerts.map((a, i) => (
              <li key={i}>{a.text}</li>
            ))}
          </ul>
        </div>
      )}
      {overview.disputes.map((d) => (
        <section key={d.issue} className="cs-feed-dispute" aria-label={t('feeds.disputes')}>
          <h3>
            {t('feeds.disputes')} · {t('feeds.disputeIssue', { issue: d.issue })}
          </h3>
          <ul>
            {d.candidates.map((c) => (
              <li key={`${c.position}:${c.kind}`}>
                <span>
                  {c.position < 0 ? t('feeds.stored') : t('feeds.row', { n: c.position + 1 })} (
                  {c.kind}): <b>{c.numbers.join(' ')}</b>
                </span>
                {c.numbers.length === 7 && (
                  <button
                    type="button"
                    className="cs-button"
                    disabled={settled.isLoading}
                    onClick={() => {
                      const numbers = c.numbers.join(' ');
                      if (!window.confirm(t('feeds.chooseConfirm', { issue: d.issue, numbers })))
                        return;
                      void guard(() =>
                        settle({ gameId, issue: d.issue, numbers: c.numbers }).unwrap(),
                      ).catch(() => undefined);
                    }}
                  >
                    {t('feeds.choose')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {overview.states.length > 0 && (
        <table className="cs-table" aria-label={t('feeds.state')}>
          <thead>
            <tr>
              <th>{t('feeds.kind')}</th>
              <th>{t('feeds.lastOk')}</th>
              <th>{t('feeds.failures')}</th>
              <th>{t('feeds.lastError')}</th>
              <th>{t('feeds.lag', { n: 30 })}</th>
              <th>{t('feeds.lastAnswer')}</th>
            </tr>
          </thead>
          <tbody>
            {overview.states.map((s) => (
              <tr key={s.position}>
                <td>
                  {s.position + 1}. {s.kind}
                </td>
                <td>{s.lastOkAt ? formatTime(s.lastOkAt) : t('feeds.none')}</td>
                <td>{s.failures}</td>
                <td>{s.lastError ?? t('feeds.none')}</td>
                <td>
                  {s.lag.count > 0
                    ? t('feeds.lagValue', { median: s.lag.medianS ?? 0, p90: s.lag.p90S ?? 0 })
                    : t('feeds.none')}
                </td>
                <td>
                  <code className="cs-feed__answer">{s.lastAnswer ?? t('feeds.none')}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
