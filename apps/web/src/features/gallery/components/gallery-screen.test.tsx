import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { fakeServer } from '@/test/fixtures';
import { SERIES, seriesPage } from '@/test/gallery-fixtures';
import { renderRoute } from '@/test/render-route';

/** The series of a game as the server answers ?q: by name or by initials' start. */
function galleryServer() {
  return fakeServer({
    'GET /api/v2/gallery/series': (url) => {
      const q = url.searchParams.get('q') ?? '';
      const game = Number(url.searchParams.get('gameId'));
      const items = SERIES.filter((s) => s.gameId === game).filter(
        (s) => !q || s.name.includes(q) || s.initials.startsWith(q),
      );
      return seriesPage(items);
    },
  });
}

// The screen's chunk and the start-up data load first.
const grid = () => screen.findByRole('list', { name: '新澳门六合彩图纸系列' }, { timeout: 5000 });

describe('series grid', () => {
  it('lists the home game series most viewed first, the new one marked 新, linked to the series', async () => {
    const server = galleryServer();
    renderRoute('/gallery?game=110', { server });
    const list = await grid();
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual([
      '马会传真（新）',
      '跑狗图',
      '黄大仙',
      '四不像',
    ]);
    expect(links[0]).toHaveAttribute('href', '/gallery/110/1');
    expect(within(links[0]!).getByText('新')).toBeInTheDocument();
    expect(within(list).getByText('9800 次浏览')).toBeInTheDocument();
    // Covers keep their box (width and height) and load lazily past the first rows.
    const covers = list.querySelectorAll('img');
    expect(covers[0]).toHaveAttribute('width', '600');
    expect(covers[0]).toHaveAttribute('height', '800');
    expect(covers[0]).toHaveAttribute('loading', 'eager');
    expect(covers[0]?.getAttribute('srcset')).toContain(
      '/sys-upload/demo/gallery/s1-1600.jpg 1600w',
    );
    expect(server.calls).toContain('/api/v2/gallery/series?gameId=110&page=1&pageSize=24');
  });

  it('finds a series by its pinyin initials, the search kept in the address', async () => {
    const server = galleryServer();
    const { router } = renderRoute('/gallery?game=110', { server });
    await grid();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: '搜索图纸名称或拼音首字母' }), ' PGT');
    await waitFor(() => expect(router.state.location.search).toContain('q=pgt'));
    await waitFor(async () => expect(within(await grid()).getAllByRole('link')).toHaveLength(1));
    expect(within(await grid()).getByRole('link', { name: '跑狗图' })).toBeInTheDocument();
    expect(server.calls).toContain('/api/v2/gallery/series?gameId=110&q=pgt&page=1&pageSize=24');
  });

  it('says so when nothing matches', async () => {
    renderRoute('/gallery?game=110&q=zzz', { server: galleryServer() });
    expect(await screen.findByText('没有找到「zzz」')).toBeInTheDocument();
  });

  it("shows a visitor's favourites, kept on the device, in the 收藏 tab", async () => {
    storage.set('kj_gallery_favourites', JSON.stringify([SERIES[3], { id: 'x' }, 'junk']));
    const server = galleryServer();
    renderRoute('/gallery?game=fav', { server });
    const list = await screen.findByRole('list', { name: '我收藏的图纸系列' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['四不像最新 第 2026123 期']);
    expect(screen.getByRole('tab', { name: '收藏' })).toHaveAttribute('aria-selected', 'true');
    // Nothing asked of the server for the device's list.
    expect(server.calls.some((c) => c.startsWith('/api/v2/gallery'))).toBe(false);
  });

  it('has an empty 收藏 tab that says how to fill it', async () => {
    renderRoute('/gallery?game=fav', { server: galleryServer() });
    expect(await screen.findByText('还没有收藏的系列')).toBeInTheDocument();
    await act(async () => {});
  });
});
