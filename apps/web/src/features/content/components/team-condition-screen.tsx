import { useCallback } from 'react';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { getTeamConditions } from '../api/get-team-conditions';
import { useLoad } from '../hooks/use-load';
import './content.css';

/** The partner programme as a table; on a phone each row becomes a card with labelled cells. */
export function TeamConditionScreen() {
  const load = useCallback((signal: AbortSignal) => getTeamConditions(signal), []);
  const { data: rows, error, retry } = useLoad('team', load);
  return (
    <div className="kj-stack">
      <Section id="kj-team-table" title="合作等级与条件">
        <p className="kj-team-intro">
          开奖数据接入、内容转载和推广合作分为以下几个等级。以下内容仅作介绍，具体以双方确认为准。
        </p>
        {rows && rows.length > 0 ? (
          <table className="kj-team-table">
            <thead>
              <tr>
                <th scope="col">等级</th>
                <th scope="col">合作条件</th>
                <th scope="col">合作权益</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" data-label="等级">
                    {r.tier}
                  </th>
                  <td data-label="合作条件">{r.requirement}</td>
                  <td data-label="合作权益">{r.benefit}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : rows ? (
          <EmptyState icon="team" title="合作条件尚未发布" headingLevel={3} />
        ) : error ? (
          <ErrorNotice message={error} onRetry={retry} />
        ) : (
          <Skeleton rows={8} />
        )}
      </Section>
      <Section id="kj-team-contact" title="申请合作">
        <p className="kj-team-intro">把你的网站或渠道情况告诉我们，客服会在一个工作日内联系你。</p>
        <div className="kj-team-actions">
          <AppLink className="kj-button" to={paths.askQuestion.href()}>
            在线留言
          </AppLink>
          <AppLink className="kj-button kj-button--ghost" to={paths.instructApi.href()}>
            查看接口说明
          </AppLink>
        </div>
      </Section>
    </div>
  );
}
