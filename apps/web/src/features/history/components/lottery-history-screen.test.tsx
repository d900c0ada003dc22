import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DrawDetail, DrawHistoryPage } from '@kaijiang/domain';
import { ballDetails, sumDetail } from '@kaijiang/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

interface HistoryQuery {
  gameId: number;
  year?: number;
  page: number;
  pageSize: number;
}

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

/** Draws the server says a game has in all (game 120 draws every 5 minutes: years of them). */
const totalOf = (gameId: number, shown: number) => (gameId === 120 ? 300_000 : shown);

function fakeApi({ gameId, year, page, pageSize }: HistoryQuery): DrawHistoryPage {
  const years = [2026, 2025];
  const all = years
    .filter((y) => year === undefined || y === year)
    .flatMap((y) => Array.from({ length: 45 }, (_, i) => draw(gameId, y, 45 - i)));
  return {
    items: all.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: year === undefined ? totalOf(gameId, all.length) : all.length,
    years,
  };
}

/** The history calls the screen made, and whether the next one fails. */
let asked: HistoryQuery[] = [];
let searched: string[] = [];
let failNext = false;

/** The real route (root loader, store) over a server with two years of draws per game. */
function renderHistory(path: string) {
  const server = fakeServer({
    'GET /api/v2/draws/history': (url) => {
      const n = (k: string) =>
        url.searchParams.has(k) ? Number(url.searchParams.get(k)) : undefined;
      const q = {
        gameId: n('gameId')!,
        year: n('year'),
        page: n('page')!,
        pageSize: n('pageSize')!,
      };
      asked.push(q);
      if (failNext) {
        failNext = false;
        return new Response(JSON.stringify({ code: 'X', msg: '网络异常，请检查网络连接' }), {
          status: 500,
        });
      }
      return fakeApi(q);
    },
    'GET /api/v2/draws/stats': () => new Promise(() => {}),
    // A month of a year: the search by dates (every draw between them).
    'GET /api/v2/draws/search': (url) => {
      searched.push(url.search);
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const items = fakeApi({
        gameId: 110,
        year: Number(from.slice(0, 4)),
        page: 1,
        pageSize: 100,
      }).items.filter((d) => d.drawAt.slice(0, 10) >= from && d.drawAt.slice(0, 10) <= to);
      return { items, page: 1, pageSize: 20, total: items.length, scanned: items.length };
    },
  });
  return renderRoute(path, { server });
}

const rows = () =>
  within(screen.getByRole('list', { name: /^共/ }))
    .getAllByRole('listitem', { hidden: false })
    .filter((li) => li.classList.contains('kj-hrow'));
const issues = () => rows().map((r) => r.getAttribute('data-issue'));
// By its label: every row's issue is a link too (to the draw on its game's screen), and naming
// each of dozens of links for a role query took seconds under load.
const csvLink = (name: RegExp) => {
  const link = screen.getByLabelText(name);
  expect(link.tagName).toBe('A');
  return link;
};

describe('LotteryHistoryScreen', () => {
  beforeEach(() => {
    asked = [];
    searched = [];
    failNext = false;
  });

  it('lists the first page of the game in the URL, newest first, with attributes and a CSV link', async () => {
    const { router } = renderHistory('/lottery-history?game=111');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(asked.at(-1)).toEqual({ gameId: 111, year: undefined, page: 1, pageSize: 20 });
    expect(issues()[0]).toBe('2026045');
    expect(screen.getByText('共 90 期')).toBeInTheDocument();
    const first = rows()[0]!;
    expect(within(first).getAllByRole('img')).toHaveLength(7);
    expect(within(first).getByText(/总和/)).toBeInTheDocument();
    expect(csvLink(/下载 香港六合彩 全部年份/)).toHaveAttribute(
      'href',
      '/app-api/api/v2/draws/export.csv?gameId=111',
    );
    expect(screen.getByRole('button', { name: '香港六合彩' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('?game=111');
  });

  it('narrows a year to a month, kept in the URL, and a new year starts from the whole of it', async () => {
    const { router } = renderHistory('/lottery-history?game=110&year=2025');
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '月份' }), '2');
    // 2025045 … 2025001 are 1 January + k days: February holds k = 31 … 45.
    await waitFor(() => expect(issues()).toHaveLength(15));
    expect(issues()[0]).toBe('2025045');
    expect(issues().at(-1)).toBe('2025031');
    expect(searched.at(-1)).toContain('from=2025-02-01&to=2025-02-28');
    expect(router.state.location.search).toBe('?game=110&year=2025&month=2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '年份' }), '2026');
    await waitFor(() => expect(issues()[0]).toBe('2026045'));
    expect(router.state.location.search).toBe('?game=110&year=2026');
  });

  it('offers the newest year for download when all years are more than one export holds', async () => {
    renderHistory('/lottery-history?game=120');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(csvLink(/CSV/)).toHaveAttribute(
      'href',
      '/app-api/api/v2/draws/export.csv?gameId=120&year=2026',
    );
  });

  it('pages forward, appending the next page', async () => {
    renderHistory('/lottery-history?game=110');
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(40));
    expect(asked.at(-1)).toEqual({ gameId: 110, year: undefined, page: 2, pageSize: 20 });
    expect(new Set(issues()).size).toBe(40);
    expect(screen.getByText('已显示 40 / 90 期')).toBeInTheDocument();
  });

  it('on a desktop, extends the first page of 20 to 60 draws and loads 60 more at a time', async () => {
    // A 1280 px window, as the browser answers (the server rendered the phone's page of 20).
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query === '(min-width: 1024px)',
        addEventListener: () => {},
        removeEventListener: () => {},
      }),
    });
    try {
      renderHistory('/lottery-history?game=110');
      await waitFor(() => expect(rows()).toHaveLength(60), { timeout: 10_000 });
      expect(asked.map((q) => q.page)).toEqual([1, 2, 3]);
      expect(asked.every((q) => q.pageSize === 20)).toBe(true);
      expect(screen.getByText('已显示 60 / 90 期')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
      await waitFor(() => expect(rows()).toHaveLength(90), { timeout: 10_000 });
      // The game's 90 draws are all shown: the list ends there, asking for no more.
      expect(asked.map((q) => q.page)).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(issues()).size).toBe(90);
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  }, 30_000);

  it('switches year: starts over with that year only, and keeps it in the URL', async () => {
    const { router } = renderHistory('/lottery-history?game=110');
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
    expect(csvLink(/CSV/)).toHaveAttribute(
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
    const { router } = renderHistory('/lottery-history?game=110&year=2025');
    await waitFor(() => expect(issues()[0]).toBe('2025045'));
    await userEvent.click(screen.getByRole('button', { name: '极速六合彩' }));
    await waitFor(() => expect(router.state.location.search).toBe('?game=120'));
    await waitFor(() => expect(issues()[0]).toBe('2026045'));
  });

  it('shows the server message and retries when a page fails', async () => {
    failNext = true;
    renderHistory('/lottery-history');
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
  });

  it('opens the statistics tab from the URL', async () => {
    renderHistory('/lottery-history?tab=stats');
    expect(
      await screen.findByRole('tab', { name: '统计分析', selected: true }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: '统计范围' })).toBeInTheDocument();
  });
});
