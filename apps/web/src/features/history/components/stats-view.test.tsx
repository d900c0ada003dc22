import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_BALLS, type DrawStats } from '@kaijiang/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fixtures';
import { renderWithStore as renderOver } from '@/test/render-with-store';
import { StatsView } from './stats-view';

/** GET /draws/stats as the server answers it; the queries it got, in order. */
let answer: (q: { gameId: number; window: number; scope: string }) => unknown;
let asked: { gameId: number; window: number; scope: string }[];
const renderWithStore = (ui: Parameters<typeof renderOver>[0]) =>
  renderOver(ui, {
    server: fakeServer({
      'GET /api/v2/draws/stats': (url) => {
        const q = {
          gameId: Number(url.searchParams.get('gameId')),
          window: Number(url.searchParams.get('window')),
          scope: url.searchParams.get('scope') ?? '',
        };
        asked.push(q);
        return answer(q);
      },
    }),
  });

const STATS: DrawStats = {
  gameId: 110,
  window: 100,
  scope: 'all',
  from: '2026225',
  to: '2026324',
  frequency: Object.fromEntries(ALL_BALLS.map((b, i) => [b, 10 + (i % 9)])),
  missing: Object.fromEntries(ALL_BALLS.map((b, i) => [b, i === 1 ? 24 : i % 5])),
  hot: [
    { number: '06', count: 19 },
    { number: '27', count: 18 },
  ],
  cold: [
    { number: '20', count: 9 },
    { number: '25', count: 9 },
  ],
  distributions: {
    colour: { red: 253, blue: 208, green: 239 },
    zodiac: {
      rat: 60,
      ox: 55,
      tiger: 58,
      rabbit: 61,
      dragon: 62,
      snake: 50,
      horse: 70,
      goat: 55,
      monkey: 57,
      rooster: 54,
      dog: 60,
      pig: 58,
    },
    element: { metal: 140, wood: 150, water: 130, fire: 160, earth: 120 },
    size: { big: 360, small: 340 },
    parity: { odd: 355, even: 345 },
  },
};

describe('StatsView', () => {
  beforeEach(() => {
    asked = [];
    answer = (q) => ({ ...STATS, scope: q.scope, window: q.window });
  });

  it('shows hot and cold numbers, the longest 遗漏, the distributions and every number', async () => {
    renderWithStore(<StatsView gameId={110} />);
    const hot = await screen.findByRole('list', { name: '热门号码' });
    expect(
      within(hot)
        .getAllByRole('img')
        .map((b) => b.getAttribute('aria-label')?.slice(0, 2)),
    ).toEqual(['06', '27']);
    expect(within(hot).getByText('19 次')).toBeInTheDocument();
    const cold = screen.getByRole('list', { name: '冷门号码' });
    expect(within(cold).getAllByText('9 次')).toHaveLength(2);
    const missing = screen.getByRole('list', { name: '遗漏最久' });
    expect(within(missing).getAllByRole('img')[0]).toHaveAccessibleName(/^02 /);
    expect(within(missing).getByText('24 期')).toBeInTheDocument();
    expect(screen.getByText('第 2026225 期 – 第 2026324 期，共 100 期')).toBeInTheDocument();

    // Each chart has a table of its values for screen readers.
    const colour = screen.getByRole('table', { name: '波色' });
    expect(within(colour).getByRole('rowheader', { name: '红波' }).nextSibling).toHaveTextContent(
      '253 (36%)',
    );
    expect(within(screen.getByRole('table', { name: '生肖' })).getAllByRole('row')).toHaveLength(
      12,
    );
    expect(
      within(screen.getByRole('table', { name: '五行' }))
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['金', '木', '水', '火', '土']);
    expect(within(screen.getByRole('table', { name: '大小' })).getAllByRole('row')).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: '单双' })).getAllByRole('row')).toHaveLength(2);
    expect(document.querySelectorAll('svg.kj-bars__svg')).toHaveLength(5);

    const numbers = screen.getByRole('list', { name: '号码出现与遗漏' });
    expect(within(numbers).getAllByRole('img')).toHaveLength(49);
    const cell02 = within(numbers).getByRole('img', { name: /^02 / }).closest('li')!;
    expect(cell02).toHaveTextContent('11 次');
    expect(cell02).toHaveTextContent('遗漏 24');
  });

  it('asks again for another window or ball scope', async () => {
    renderWithStore(<StatsView gameId={110} />);
    await screen.findByRole('list', { name: '热门号码' });
    await userEvent.click(screen.getByRole('button', { name: '特码' }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ gameId: 110, window: 100, scope: 'special' }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '统计范围' }), '500');
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ gameId: 110, window: 500, scope: 'special' }),
    );
    expect(await screen.findByText(/共 500 期/)).toBeInTheDocument();
  });

  it('shows the failure in words', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: 'SYS/TIMEOUT', msg: '请求超时，请稍后重试' }), {
        status: 504,
      });
    renderWithStore(<StatsView gameId={110} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '统计数据加载失败：请求超时，请稍后重试',
    );
  });
});
