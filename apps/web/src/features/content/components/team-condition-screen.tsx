import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText } from '@/shared/api/paged-list';
import { useTeamConditionsQuery } from '../api/content-api';
import { teamWords } from '../model/team-words';
import './content.css';

/** The partner programme as a table; on a phone each row becomes a card with labelled cells. */
export function TeamConditionScreen() {
  const w = useMessages(teamWords);
  const query = useTeamConditionsQuery();
  const { data: rows, refetch: retry } = query;
  const error = query.isError && !query.isFetching ? errorText(query.error) : null;
  return (
    <div className="kj-stack">
      <Section id="kj-team-table" title={w.tableTitle}>
        <p className="kj-team-intro">{w.intro}</p>
        {rows && rows.length > 0 ? (
          <table className="kj-team-table">
            <thead>
              <tr>
                <th scope="col">{w.tier}</th>
                <th scope="col">{w.requirement}</th>
                <th scope="col">{w.benefit}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" data-label={w.tier}>
                    {r.tier}
                  </th>
                  <td data-label={w.requirement}>{r.requirement}</td>
                  <td data-label={w.benefit}>{r.benefit}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : rows ? (
          <EmptyState icon="team" title={w.empty} headingLevel={3} />
        ) : error ? (
          <ErrorNotice message={error} onRetry={retry} />
        ) : (
          <Skeleton rows={8} />
        )}
      </Section>
      <Section id="kj-team-contact" title={w.applyTitle}>
        <p className="kj-team-intro">{w.applyIntro}</p>
        <div className="kj-team-actions">
          <AppLink className="kj-button" to={paths.askQuestion.href()}>
            {w.leaveMessage}
          </AppLink>
          <AppLink className="kj-button kj-button--ghost" to={paths.instructApi.href()}>
            {w.apiDocs}
          </AppLink>
        </div>
      </Section>
    </div>
  );
}
