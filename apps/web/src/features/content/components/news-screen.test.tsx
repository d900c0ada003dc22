import { act, screen, within } from '@testing-library/react';
import type { NewsPage, NewsSummary } from '@kaijiang/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { NewsScreen } from './news-screen';

/** The answers GET /news gives, in turn (the last one again once they run out). */
let answers: NewsPage[] = [];
const fetchNews = {
  mockResolvedValue: (p: NewsPage) => void (answers = [p]),
  mockResolvedValueOnce: (p: NewsPage) => void answers.unshift(p),
};

const news = (id: number, category: NewsSummary['category']): NewsSummary => ({
  id,
  title: `标题 ${id}`,
  summary: '服务器写的摘要',
  category,
  cover: '',
  publishedAt: '2026-03-01T13:32:00.000Z',
  views: 12_345,
});

const page = (items: NewsSummary[], total: number): NewsPage => ({
  items,
  page: 1,
  pageSize: items.length,
  total,
});

function renderNews(path = '/news') {
  const server = fakeServer({
    'GET /api/v2/news': () => (answers.length > 1 ? answers.shift() : answers[0]),
  });
  return renderWithStore(<NewsScreen />, { path, server });
}

describe('news screen', () => {
  afterEach(() => act(() => setLocale('zh-Hans')));

  it('speaks Simplified Chinese by default', async () => {
    fetchNews.mockResolvedValue(page([news(1, 'results'), news(2, 'guide')], 10));
    renderNews();
    const list = await screen.findByRole('list', { name: '资讯列表' });
    expect(within(list).getAllByText('1.2万 阅读')).toHaveLength(2);
    expect(within(list).getByText('开奖公告')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '玩法解读' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '加载更多' })).toBeInTheDocument();
  });

  it('shows tabs, list, counts, footer and the server text in Traditional Chinese', async () => {
    act(() => setLocale('zh-Hant'));
    fetchNews.mockResolvedValue(page([news(1, 'results'), news(2, 'guide')], 10));
    renderNews();
    const list = await screen.findByRole('list', { name: '資訊列表' });
    expect(screen.getByRole('tablist', { name: '資訊分類' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '玩法解讀' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '開獎公告' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '理性購彩' })).toBeInTheDocument();
    expect(within(list).getAllByText('1.2萬 閱讀')).toHaveLength(2);
    expect(within(list).getByText('開獎公告')).toBeInTheDocument();
    // What the server wrote is shown in the chosen script too (shared/i18n/to-traditional.ts).
    expect(await within(list).findAllByText('服務器寫的摘要')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '載入更多' })).toBeInTheDocument();

    expect(screen.queryByRole('list', { name: '资讯列表' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '玩法解读' })).toBeNull();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(screen.queryByText(/阅读|万/)).toBeNull();
  });

  it('follows the 繁/简 switch while on screen, the end of the list and the empty state too', async () => {
    fetchNews.mockResolvedValueOnce(page([news(1, 'schedule')], 1));
    renderNews();
    await screen.findByText('已经到底了');
    act(() => setLocale('zh-Hant'));
    expect(screen.getByText('已經到底了')).toBeInTheDocument();
    expect(screen.getByText('開獎安排', { selector: '.kj-tag' })).toBeInTheDocument();
    expect(screen.queryByText('已经到底了')).toBeNull();

    fetchNews.mockResolvedValueOnce(page([], 0));
    act(() => screen.getByRole('tab', { name: '玩法解讀' }).click());
    expect(await screen.findByText('這個分類還沒有資訊')).toBeInTheDocument();
    expect(screen.getByText('換個分類看看，或稍後再來。')).toBeInTheDocument();
    act(() => setLocale('zh-Hans'));
    expect(screen.getByText('这个分类还没有资讯')).toBeInTheDocument();
  });
});
