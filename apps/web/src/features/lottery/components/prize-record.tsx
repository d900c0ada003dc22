import type { ComponentProps } from 'react';
import { format, useMessages } from '@/shared/i18n';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { PrizeTable } from '@/shared/ui/prize-table';
import { Skeleton } from '@/shared/ui/skeleton';
import { useDrawDetailQuery, type DrawRef } from '../api/draw-detail-api';
import { prizeWords } from '../model/prize-words';
import './prize-record.css';

/** A finished Hong Kong draw's prize record, as the official results show it. */
export default function PrizeRecord({
  draw,
  upcoming,
}: {
  draw: DrawRef;
  upcoming?: ComponentProps<typeof PrizeTable>['upcoming'];
}) {
  const w = useMessages(prizeWords);
  const { data, isLoading, isError, refetch } = useDrawDetailQuery(draw);
  const record = data?.issue === draw.issue ? data.prizes : undefined;
  let body;
  if (record) body = <PrizeTable record={record} issue={draw.issue} upcoming={upcoming} />;
  else if (isLoading)
    body = (
      <div aria-label={w.loading} role="status">
        <Skeleton rows={4} height={18} />
      </div>
    );
  else if (isError)
    body = <ErrorNotice message={w.failed} onRetry={() => void refetch()} retryLabel={w.retry} />;
  else body = <p className="kj-prizes__pending">{w.pending}</p>;
  return (
    <section className="kj-card kj-prizes" aria-labelledby="kj-prizes-title">
      <h2 className="kj-prizes__title" id="kj-prizes-title">
        {w.title}
        <span className="kj-prizes__issue">{format(w.issue, { issue: draw.issue })}</span>
        {record?.snowball ? <span className="kj-prizes__snowball">{record.snowball}</span> : null}
      </h2>
      {body}
    </section>
  );
}
