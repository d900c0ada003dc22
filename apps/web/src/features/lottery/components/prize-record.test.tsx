import { screen, within } from '@testing-library/react';
import type { DrawDetail, PrizeRecord as Record } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { formatUnits } from '@/shared/ui/prize-table';
import PrizeRecord from './prize-record';

const record: Record = {
  divisions: [
    { division: 1, winners: 0, dividend: null },
    { division: 2, winners: 2.5, dividend: 1_234_560 },
    { division: 3, winners: 101, dividend: 70_110 },
    { division: 4, winners: 377, dividend: 9_600 },
    { division: 5, winners: 9_114, dividend: 640 },
    { division: 6, winners: 12_310, dividend: 320 },
    { division: 7, winners: 160_004, dividend: 40 },
  ],
  turnover: 98_765_430,
  jackpot: 36_120_000,
  snowball: '金多宝',
  updatedAt: '2026-02-28T14:00:00.000Z',
};

const detail = (prizes?: Record): DrawDetail => ({
  gameId: 111,
  issue: '2026023',
  status: 'done',
  numbers: ['01', '02', '03', '04', '05', '06', '07'],
  drawAt: '2026-02-28T13:30:00.000Z',
  lunarYear: 2026,
  balls: [],
  sum: null,
  ...(prizes ? { prizes } : {}),
});

const draw = { gameId: 111, issue: '2026023' };

describe('PrizeRecord', () => {
  it('shows the seven divisions, the turnover and the jackpot in Hong Kong dollars', async () => {
    const server = fakeServer({ 'GET /api/v2/draws/111/2026023': () => detail(record) });
    renderWithStore(<PrizeRecord draw={draw} />, { server });
    const table = await screen.findByRole('table', { name: /第 2026023 期/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '头奖无人中奖—',
      '二奖2.5HK$1,234,560',
      '三奖101HK$70,110',
      '四奖377HK$9,600',
      '五奖9,114HK$640',
      '六奖12,310HK$320',
      '七奖160,004HK$40',
    ]);
    expect(screen.getByText('HK$98,765,430')).toBeInTheDocument();
    expect(screen.getByText('HK$36,120,000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /派彩结果.*金多宝/ })).toBeInTheDocument();
  });

  it('says the dividends are not in yet, and offers a retry when they cannot be read', async () => {
    let fail = false;
    const server = fakeServer({
      'GET /api/v2/draws/111/2026023': () =>
        fail ? new Response('{}', { status: 500 }) : detail(),
    });
    const view = renderWithStore(<PrizeRecord draw={draw} />, { server });
    expect(await screen.findByText('派彩结果稍后公布')).toBeInTheDocument();
    view.unmount();
    fail = true;
    renderWithStore(<PrizeRecord draw={draw} />, { server });
    expect(await screen.findByRole('alert')).toHaveTextContent('派彩结果暂时无法获取');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it("shows the feed's announcement of the next draw, a dash for what it left out", async () => {
    const server = fakeServer({ 'GET /api/v2/draws/111/2026023': () => detail(record) });
    const upcoming = { estimatedPrize: 18_000_000, salesClose: '03-03 21:15' };
    const view = renderWithStore(<PrizeRecord draw={draw} upcoming={upcoming} />, { server });
    const line = async (name: string) =>
      (await screen.findByText(name)).closest('div')!.querySelector('dd')!.textContent;
    expect(await line('下期估计头奖')).toBe('HK$18,000,000');
    expect(await line('截止售票')).toBe('03-03 21:15');
    view.unmount();
    const bare = { estimatedPrize: null, salesClose: null };
    const again = renderWithStore(<PrizeRecord draw={draw} upcoming={bare} />, { server });
    expect(await line('下期估计头奖')).toBe('—');
    expect(await line('截止售票')).toBe('—');
    again.unmount();
    // No announcement at all (a game not fed by the Jockey Club): no such lines.
    renderWithStore(<PrizeRecord draw={draw} />, { server });
    await screen.findByRole('table');
    expect(screen.queryByText('下期估计头奖')).toBeNull();
  });

  it('writes half units as Hong Kong does', () => {
    expect(formatUnits(0.5)).toBe('0.5');
    expect(formatUnits(12_345.5)).toBe('12,345.5');
    expect(formatUnits(7)).toBe('7');
  });
});
