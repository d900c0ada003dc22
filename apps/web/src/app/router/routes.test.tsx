import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-route';

/** Every route of spec §2 and the heading its screen shows. */
const SCREENS: [path: string, heading: string][] = [
  ['/auth/login', '登录'],
  ['/auth/register', '注册'],
  ['/game/110', '开奖'],
  ['/news', '资讯'],
  ['/live', '开奖直播'],
  ['/lottery-result', '开奖结果'],
  ['/lottery-history', '历史开奖'],
  ['/instruct-api', '接口说明'],
  ['/contact', '联系客服'],
  ['/team-condition', '合作条件'],
  ['/about-us', '关于我们'],
  ['/ask-question', '常见问题'],
  ['/disclaimer', '免责声明'],
  ['/my-message', '我的消息'],
  ['/profile', '我的'],
  ['/setting', '设置'],
  ['/game-info', '彩种资料'],
  ['/gallery', '图库'],
  ['/news-detail/7', '资讯详情'],
  ['/gallery/110/3', '图库'],
  ['/gallery/110/3/2026001', '图库详情'],
  ['/gallery/110/3/year/2026', '图库详情'],
  ['/more-action', '更多'],
  ['/more-action/tool-assistant', '工具助手'],
];

// A screen's chunk and the start-up data load first (the root route's loader).
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('route table', () => {
  it.each(SCREENS)('%s shows its screen', async (path, title) => {
    const { router } = renderRoute(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('redirects / to /game/110', async () => {
    const { router } = renderRoute('/');
    expect(await heading('开奖')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/game/110');
  });

  it('redirects /auth to /auth/login', async () => {
    const { router } = renderRoute('/auth');
    expect(await heading('登录')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('moves the old one-series gallery pictures on to the picture library', async () => {
    const { router } = renderRoute('/gallery-detail/110/3');
    expect(await heading('图库')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gallery');
  });

  it('shows the not-found screen for any other path, with a way home', async () => {
    renderRoute('/no/such/page');
    expect(await heading('页面不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/game/110');
  });

  it('titles the home screen with the game name once games are loaded', async () => {
    // The root route's loader loads the games (test/fixtures) through the store.
    renderRoute('/game/111');
    expect(await heading('香港六合彩')).toBeInTheDocument();
  });

  it('marks the active tab with aria-current', async () => {
    renderRoute('/news');
    await heading('资讯');
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current).toHaveTextContent('资讯');
  });
});

describe('sign-in guard', () => {
  it.each([
    ['/change-password', '修改密码'],
    ['/user-information', '个人资料'],
    ['/collection', '我的收藏'],
  ])('sends %s to sign-in without a token, keeping the way back', async (path) => {
    const { router } = renderRoute(path);
    expect(await heading('登录')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
  });

  it.each([
    ['/change-password', '修改密码'],
    ['/user-information', '个人资料'],
    ['/collection', '我的收藏'],
  ])('lets %s through with a stored access_token', async (path, title) => {
    localStorage.setItem('access_token', 'tok');
    const { router } = renderRoute(path);
    expect(await heading(title)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
