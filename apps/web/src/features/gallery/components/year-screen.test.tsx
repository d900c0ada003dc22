import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/fixtures';
import { issueCard, SERIES, seriesDetail } from '@/test/gallery-fixtures';
import { renderRoute } from '@/test/render-route';

/** The screen's chunk and the start-up data load first. */
const WAIT = { timeout: 5000 };

const YEAR = Array.from({ length: 150 }, (_, i) =>
  issueCard(`2025${String(150 - i).padStart(3, '0')}`, i === 3 ? { colour: null } : {}),
);

describe('year sheet', () => {
  it("shows every issue's thumbnail of the year, each leading to its picture", async () => {
    const server = fakeServer({
      'GET /api/v2/gallery/series/1': () => seriesDetail(SERIES[0]!, [2026, 2025]),
      'GET /api/v2/gallery/series/1/issues': (url) =>
        url.searchParams.get('year') === '2025'
          ? { items: YEAR, page: 1, pageSize: YEAR.length, total: YEAR.length }
          : { items: [], page: 1, pageSize: 0, total: 0 },
    });
    renderRoute('/gallery/110/1/year/2025', { server });
    const sheet = await screen.findByRole('list', { name: '2025 年全年图纸' }, WAIT);
    const cells = within(sheet).getAllByRole('link');
    expect(cells).toHaveLength(150);
    expect(cells[0]).toHaveAttribute('href', '/gallery/110/1/2025150');
    expect(cells[0]).toHaveTextContent('第 2025150 期');
    // An issue drawn only in black and white shows that one.
    expect(cells[3]?.querySelector('img')?.getAttribute('src')).toContain('m2025147-360');
    const imgs = sheet.querySelectorAll('img');
    expect(imgs[100]).toHaveAttribute('loading', 'lazy');
    expect(imgs[100]).toHaveAttribute('width', '600');
    expect(screen.getByRole('link', { name: '2025' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '2026' })).toHaveAttribute(
      'href',
      '/gallery/110/1/year/2026',
    );
    expect(server.calls).toContain('/api/v2/gallery/series/1/issues?year=2025');
    // Hundreds of cells on a shared test machine.
  }, 20_000);

  it('refuses an address that is not a year without asking the server', async () => {
    const server = fakeServer();
    renderRoute('/gallery/110/1/year/20x5', { server });
    expect(await screen.findByText('这个图纸系列不存在或已下线', {}, WAIT)).toBeInTheDocument();
    expect(server.calls.some((c) => c.includes('/gallery/'))).toBe(false);
  });
});
