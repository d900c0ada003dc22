import { formatCurrency, type PrizeRecord as Record } from '@kaijiang/domain';
import { format, useMessages } from '@/shared/i18n';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { useDrawDetailQuery, type DrawRef } from '../api/draw-detail-api';
import { prizeWords } from '../model/prize-words';
import './prize-record.css';

/** Units won: whole units with separators, and the half units Hong Kong counts. */
export const formatUnits = (units: number): string =>
  Number.isInteger(units) ? formatCurrency(units) : `${formatCurrency(Math.floor(units))}.5`;

const money = (hkd: number) => `HK$${formatCurrency(hkd)}`;

/** The table of a record: divisions, then turnover and the jackpot carried to the next draw. */
export function PrizeTable({ record, issue }: { record: Record; issue: string }) {
  const w = useMessages(prizeWords);
  const names = w.divisions.split(',');
  return (
    <>
      <table className="kj-prizes__table">
        <caption className="kj-sr-only">{format(w.caption, { issue })}</caption>
        <thead>
          <tr>
            <th scope="col">{w.division}</th>
            <th scope="col">{w.winners}</th>
            <th scope="col">{w.dividend}</th>
          </tr>
        </thead>
        <tbody>
          {record.divisions.map((d) => (
            <tr key={d.division}>
              <th scope="row">{names[d.division - 1]}</th>
              <td>{d.winners === 0 ? w.noWinner : formatUnits(d.winners)}</td>
              <td>{d.dividend === null ? '—' : money(d.dividend)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="kj-prizes__totals">
        <div>
          <dt>{w.turnover}</dt>
          <dd>{money(record.turnover)}</dd>
        </div>
        <div>
          <dt>{w.jackpot}</dt>
          <dd>{record.jackpot > 0 ? money(record.jackpot) : w.jackpotNone}</dd>
        </div>
      </dl>
    </>
  );
}

/** A finished Hong Kong draw's prize record, as the official results show it. */
export default function PrizeRecord({ draw }: { draw: DrawRef }) {
  const w = useMessages(prizeWords);
  const { data, isLoading, isError, refetch } = useDrawDetailQuery(draw);
  const record = data?.issue === draw.issue ? data.prizes : undefined;
  let body;
  if (record) body = <PrizeTable record={record} issue={draw.issue} />;
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
