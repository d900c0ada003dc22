import { formatCurrency, type PrizeRecord } from '@kaijiang/domain';
import { defineMessages, format, useMessages } from '../i18n';
import './prize-table.css';

// Shared: the game screen's prize record and the history rows both show the table.
const tableWords = defineMessages({
  'zh-Hans': {
    caption: '第 {issue} 期各奖项中奖注数与每注派彩（港元）',
    division: '奖项',
    winners: '中奖注数',
    dividend: '每注派彩',
    divisions: '头奖,二奖,三奖,四奖,五奖,六奖,七奖',
    noWinner: '无人中奖',
    turnover: '总投注额',
    jackpot: '下期头奖基金',
    jackpotNone: '—',
    stake: '每注金额（派彩按此计）',
    estimated: '下期估计头奖',
    salesClose: '截止售票',
  },
  'zh-Hant': {
    caption: '第 {issue} 期各獎項中獎注數與每注派彩（港元）',
    division: '獎項',
    winners: '中獎注數',
    dividend: '每注派彩',
    divisions: '頭獎,二獎,三獎,四獎,五獎,六獎,七獎',
    noWinner: '無人中獎',
    turnover: '總投注額',
    jackpot: '下期頭獎基金',
    jackpotNone: '—',
    stake: '每注金額（派彩按此計）',
    estimated: '下期估計頭獎',
    salesClose: '截止售票',
  },
});

/** Units won: whole units with separators, and the tenths Hong Kong counts (part-unit bets). */
export const formatUnits = (units: number): string => {
  const tenths = Math.round(units * 10);
  const whole = formatCurrency(Math.floor(tenths / 10));
  return tenths % 10 === 0 ? whole : `${whole}.${tenths % 10}`;
};

const money = (hkd: number) => `HK$${formatCurrency(hkd)}`;

/** The table of a record: divisions, then turnover and the jackpot carried to the next draw. */
export function PrizeTable({
  record,
  issue,
  upcoming,
}: {
  record: PrizeRecord;
  issue: string;
  /** What the official feed announced of the next draw, its sale close already formatted. */
  upcoming?: { estimatedPrize: number | null; salesClose: string | null } | undefined;
}) {
  const w = useMessages(tableWords);
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
              <td>
                {d.winners === null ? '—' : d.winners === 0 ? w.noWinner : formatUnits(d.winners)}
              </td>
              <td>{d.dividend === null ? '—' : money(d.dividend)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="kj-prizes__totals">
        <div>
          <dt>{w.turnover}</dt>
          <dd>{record.turnover === null ? '—' : money(record.turnover)}</dd>
        </div>
        <div>
          <dt>{w.jackpot}</dt>
          <dd>{record.jackpot ? money(record.jackpot) : w.jackpotNone}</dd>
        </div>
        {record.unitStake ? (
          <div>
            <dt>{w.stake}</dt>
            <dd>{money(record.unitStake)}</dd>
          </div>
        ) : null}
        {/* Announced by the feed (docs/architecture.md §12): a dash only for what it left out. */}
        {upcoming ? (
          <>
            <div>
              <dt>{w.estimated}</dt>
              <dd>{upcoming.estimatedPrize ? money(upcoming.estimatedPrize) : '—'}</dd>
            </div>
            <div>
              <dt>{w.salesClose}</dt>
              <dd>{upcoming.salesClose ?? '—'}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </>
  );
}
