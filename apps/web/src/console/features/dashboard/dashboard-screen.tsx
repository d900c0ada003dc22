import { errorText } from '../../shared/error-text';
import { formatRecent, formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { ErrorBox, Loading, Empty } from '../../shared/ui/status';
import { AuditTable } from '../../shared/ui/audit-table';
import { useDashboardQuery } from '../../shared/dashboard-api';

/** Refreshed every 15 s while open: the games' state and the figures move during a draw. */
const POLL_MS = 15_000;

export function DashboardScreen() {
  const t = useT();
  const q = useDashboardQuery(undefined, {
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const fanout = d.lastFanout;
  // [figure, what it counts, a line under it]
  const figures: [string | number, string, string?][] = [
    [d.liveSockets, t('dash.liveSockets')],
    // The server's own share of a ball's delivery: from the publish to the write to the last
    // socket. At draw time it tells an operator whether this instance keeps up with its viewers.
    fanout
      ? [
          `${fanout.ms} ms`,
          t('dash.lastFanout'),
          t('dash.lastFanoutTo', { n: fanout.sockets, at: formatRecent(fanout.at) }),
        ]
      : ['—', t('dash.lastFanout'), t('dash.lastFanoutNone')],
    [d.chatOnline, t('dash.chatOnline')],
    [d.newMembersToday, t('dash.newMembers')],
    [d.questionsToday, t('dash.questionsToday')],
    [d.openQuestions, t('dash.openQuestions')],
  ];
  return (
    <>
      <h1>{t('nav.dashboard')}</h1>
      <ul className="cs-figures">
        {figures.map(([n, label, note]) => (
          <li key={label} className="cs-card">
            <span className="cs-figures__n">{n}</span>
            <span>{label}</span>
            {note && <span className="cs-muted">{note}</span>}
          </li>
        ))}
      </ul>
      <section className="cs-card" aria-labelledby="cs-games-title">
        <h2 id="cs-games-title">{t('dash.games')}</h2>
        <div className="cs-table-wrap">
          {/* Short cells, one line each: on a phone the table scrolls sideways instead. */}
          <table className="cs-table cs-nowrap">
            <thead>
              <tr>
                <th scope="col">{t('dash.game')}</th>
                <th scope="col">{t('dash.nextIssue')}</th>
                <th scope="col">{t('dash.nextAt')}</th>
                <th scope="col">{t('dash.state')}</th>
                <th scope="col">{t('dash.source')}</th>
                <th scope="col">{t('dash.engine')}</th>
              </tr>
            </thead>
            <tbody>
              {d.games.map((g) => (
                <tr key={g.id}>
                  <th scope="row">
                    {g.name} <span className="cs-muted">#{g.id}</span>
                  </th>
                  <td>{g.nextIssue ?? '—'}</td>
                  <td>{formatTime(g.nextDrawAt)}</td>
                  <td>
                    {g.drawing ? (
                      <span className="cs-tag cs-tag--live">{t('dash.drawing')}</span>
                    ) : (
                      <span className="cs-tag">{t('dash.waiting')}</span>
                    )}
                  </td>
                  <td>{t(`source.${g.source}` as 'source.simulator')}</td>
                  <td className="cs-mono">{g.engineHolder ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="cs-card" aria-labelledby="cs-recent-title">
        <h2 id="cs-recent-title">{t('dash.recent')}</h2>
        {d.recentAudit.length === 0 ? (
          <Empty>{t('audit.empty')}</Empty>
        ) : (
          <AuditTable entries={d.recentAudit} />
        )}
      </section>
    </>
  );
}
