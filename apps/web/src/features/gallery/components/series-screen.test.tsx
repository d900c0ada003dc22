import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fixtures';
import { issueCard, SERIES, seriesDetail } from '@/test/gallery-fixtures';
import { renderRoute } from '@/test/render-route';

/** The screen's chunk and the start-up data load first. */
const WAIT = { timeout: 5000 };

const ISSUES = Array.from({ length: 500 }, (_, i) =>
  issueCard(`2026${String(500 - i).padStart(3, '0')}`),
);

function seriesServer() {
  return fakeServer({
    'GET /api/v2/gallery/series/1': () => seriesDetail(SERIES[0]!),
    'GET /api/v2/gallery/series/1/issues': (url) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      return {
        items: ISSUES.slice((page - 1) * size, page * size),
        page,
        pageSize: size,
        total: ISSUES.length,
      };
    },
    'GET /api/v2/gallery/series/1/issues/2026500': () => ({}),
  });
}

describe('a series', () => {
  it('lists its issues newest first a page at a time, with its years and its star', async () => {
    const server = seriesServer();
    renderRoute('/gallery/110/1', { server });
    expect(
      await screen.findByRole('heading', { level: 1, name: '马会传真' }, WAIT),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '马会传真各期图纸' });
    expect(within(list).getAllByRole('link')).toHaveLength(30);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/gallery/110/1/2026500');
    expect(screen.getByRole('link', { name: '2025 全年' })).toHaveAttribute(
      'href',
      '/gallery/110/1/year/2025',
    );
    expect(screen.getByRole('button', { name: '收藏系列' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(60));
    expect(server.calls).toContain('/api/v2/gallery/series/1/issues?page=2&pageSize=30');
    // Past the first rows, thumbnails wait for the browser's lazy loading.
    expect(list.querySelectorAll('img')[10]).toHaveAttribute('loading', 'lazy');
    // Hundreds of cells on a shared test machine.
  }, 20_000);

  it('says so for a series the server does not have', async () => {
    renderRoute('/gallery/110/999', { server: seriesServer() });
    expect(await screen.findByText('这个图纸系列不存在或已下线', {}, WAIT)).toBeInTheDocument();
  });
});
