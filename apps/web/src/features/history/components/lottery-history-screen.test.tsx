import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DrawDetail, DrawHistoryPage } from '@kaijiang/domain';
import { apiDataKey, ballDetails, sumDetail } from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { peekInitialData, resetInitialData } from '@/shared/config/initial-data';
import { initialAppState } from '@/shared/store/app-slice';
import { GAMES } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import type * as historyApi from '../api/get-draw-history';
import { getDrawHistory, type HistoryQuery } from '../api/get-draw-history';
import { LotteryHistoryScreen } from './lottery-history-screen';

vi.mock('../api/get-draw-history', async (importOriginal) => ({
  ...(await importOriginal<typeof historyApi>()),
  getDrawHistory: vi.fn(),
}));
vi.mock('../api/get-draw-stats', () => ({
  getDrawStats: vi.fn(() => new Promise(() => {})),
}));

const fetchHistory = vi.mocked(getDrawHistory);

/** 45 draws a year for 2025 and 2026; numbers follow the issue so rows are recognisable. */
function draw(gameId: number, year: number, k: number): DrawDetail {
  const base = (k % 40) + 1;
  const numbers = [0, 1, 2, 3, 4, 5, 6].map((i) => String(base + i).padStart(2, '0'));
  return {
    gameId,
    issue: `${year}${String(k).padStart(3, '0')}`,
    status: 'done',
    numbers,
    drawAt: new Date(Date.UTC(year, 0, 1) + k * 86_400_000).toISOString(),
    lunarYear: year,
    balls: ballDetails(numbers, year),
    sum: sumDetail(numbers),
  };
}

function fakeApi({ gameId, year, page, pageSize }: HistoryQuery): Promise<DrawHistoryPage> {
  const years = [2026, 2025];
  const all = years
    .filter((y) => year === undefined || y === year)
    .flatMap((y) => Array.from({ length: 45 }, (_, i) => draw(gameId, y, 45 - i)));
  return Promise.resolve({
    items: all.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: all.length,
    years,
  });
}

const state = {
  app: {
    ...initialAppState,
    games: GAMES,
    loaded: { ...initialAppState.loaded, games: true },
    settings: { home_lottery_setting: '110,111,120' },
  },
};

const rows = () =>
  within(screen.getByRole('list', { name: /^共/ }))
    .getAllByRole('listitem', { hidden: false })
    .filter((li) => li.classList.contains('kj-hrow'));
const issues = () => rows().map((r) => r.getAttribute('data-issue'));

describe('LotteryHistoryScreen', () => {
  beforeEach(() => {
    fetchHistory.mockReset();
    fetchHistory.mockImplementation((q) => fakeApi(q));
  });

  it('lists the first page of the game in the URL, newest first, with attributes and a CSV link', async () => {
    const { router } = renderWithStore(<LotteryHistoryScreen />, {
      preloadedState: state,
      path: '/lottery-history?game=111',
    });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(fetchHistory).toHaveBeenLastCalledWith(
      { gameId: 111, year: undefined, page: 1, pageSize: 20 },
      expect.any(AbortSignal),
    );
    expect(issues()[0]).toBe('2026045');
    expect(screen.getByText('共 90 期')).toBeInTheDocument();
    const first = rows()[0]!;
    expect(within(first).getAllByRole('img')).toHaveLength(7);
    expect(within(first).getByText(/总和/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /下载 香港六合彩 全部年份/ })).toHaveAttribute(
      'href',
      '/app-api/api/v2/draws/export.csv?gameId=111',
    );
    expect(screen.getByRole('button', { name: '香港六合彩' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('?game=111');
  });

  it('pages forward, appending the next page', async () => {
    renderWithStore(<LotteryHistoryScreen />, {
      preloadedState: state,
      path: '/lottery-history?game=110',
    });
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(40));
    expect(fetchHistory).toHaveBeenLastCalledWith(
      { gameId: 110, year: undefined, page: 2, pageSize: 20 },
      expect.any(AbortSignal),
    );
    expect(new Set(issues()).size).toBe(40);
    expect(screen.getByText('已显示 40 / 90 期')).toBeInTheDocument();
  });

  it('switches year: starts over with that year only, and keeps it in the URL', async () => {
    const { router } = renderWithStore(<LotteryHistoryScreen />, {
      preloadedState: state,
      path: '/lottery-history?game=110',
    });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const select = screen.getByRole('combobox', { name: '年份' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['全部年份', '2026', '2025']);
    await userEvent.selectOptions(select, '2025');
    await waitFor(() => expect(issues()[0]).toBe('2025045'));
    expect(rows()).toHaveLength(20);
    expect(issues().every((i) => i!.startsWith('2025'))).toBe(true);
    expect(router.state.location.search).toBe('?game=110&year=2025');
    expect(screen.getByRole('link', { name: /CSV/ })).toHaveAttribute(
      'href',
      '/app-api/api/v2/draws/export.csv?gameId=110&year=2025',
    );
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });

  it('switching game forgets the year', async () => {
    const { router } = renderWithStore(<LotteryHistoryScreen />, {
      preloadedState: state,
      path: '/lottery-history?game=110&year=2025',
    });
    await waitFor(() => expect(issues()[0]).toBe('2025045'));
    await userEvent.click(screen.getByRole('button', { name: '极速六合彩' }));
    await waitFor(() => expect(router.state.location.search).toBe('?game=120'));
    await waitFor(() => expect(issues()[0]).toBe('2026045'));
  });

  it('shows the server message and retries when a page fails', async () => {
    fetchHistory.mockRejectedValueOnce(new Error('网络异常，请检查网络连接'));
    renderWithStore(<LotteryHistoryScreen />, { preloadedState: state, path: '/lottery-history' });
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
  });

  it('opens the statistics tab from the URL', async () => {
    renderWithStore(<LotteryHistoryScreen />, {
      preloadedState: state,
      path: '/lottery-history?tab=stats',
    });
    expect(
      await screen.findByRole('tab', { name: '统计分析', selected: true }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: '统计范围' })).toBeInTheDocument();
  });

  describe('server-rendered: page 1 in the page', () => {
    afterEach(() => {
      document.getElementById('kj-data')?.remove();
      resetInitialData();
    });

    const KEY = apiDataKey('/draws/history', { gameId: 111, year: 2025, page: 1, pageSize: 20 });
    async function inline() {
      const answer = await fakeApi({ gameId: 111, year: 2025, page: 1, pageSize: 20 });
      const script = document.createElement('script');
      script.id = 'kj-data';
      script.type = 'application/json';
      script.textContent = JSON.stringify({ [KEY]: answer });
      document.head.append(script);
      resetInitialData();
    }

    it('shows it at once without asking for it; the next page and other years are asked for', async () => {
      await inline();
      renderWithStore(<LotteryHistoryScreen />, {
        preloadedState: state,
        path: '/lottery-history?game=111&year=2025',
      });
      // In the first render already: no skeleton, no request.
      expect(rows()).toHaveLength(20);
      expect(issues()[0]).toBe('2025045');
      expect(screen.getByText('共 45 期')).toBeInTheDocument();
      expect(
        within(screen.getByRole('combobox', { name: '年份' }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['全部年份', '2026', '2025']);
      expect(fetchHistory).not.toHaveBeenCalled();
      expect(peekInitialData(KEY)).toBeUndefined();

      await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
      await waitFor(() => expect(rows()).toHaveLength(40));
      expect(fetchHistory.mock.calls.map((c) => c[0])).toEqual([
        { gameId: 111, year: 2025, page: 2, pageSize: 20 },
      ]);

      await userEvent.selectOptions(screen.getByRole('combobox', { name: '年份' }), '2026');
      await waitFor(() => expect(issues()[0]).toBe('2026045'));
      expect(fetchHistory).toHaveBeenLastCalledWith(
        { gameId: 111, year: 2026, page: 1, pageSize: 20 },
        expect.any(AbortSignal),
      );
      // Back to 2025: the inlined page was used up, so it comes from the server now.
      await userEvent.selectOptions(screen.getByRole('combobox', { name: '年份' }), '2025');
      await waitFor(() => expect(issues()[0]).toBe('2025045'));
      expect(fetchHistory).toHaveBeenLastCalledWith(
        { gameId: 111, year: 2025, page: 1, pageSize: 20 },
        expect.any(AbortSignal),
      );
    });

    it('asks as usual when the page carries another view', async () => {
      await inline();
      renderWithStore(<LotteryHistoryScreen />, {
        preloadedState: state,
        path: '/lottery-history?game=111',
      });
      expect(screen.getByRole('status')).toBeInTheDocument();
      await waitFor(() => expect(rows()).toHaveLength(20));
      expect(fetchHistory).toHaveBeenCalledWith(
        { gameId: 111, year: undefined, page: 1, pageSize: 20 },
        expect.any(AbortSignal),
      );
    });
  });
});
