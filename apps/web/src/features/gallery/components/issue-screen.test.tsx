import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeriesIssue } from '@kaijiang/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { fakeServer } from '@/test/fixtures';
import { comment, SERIES, seriesIssue } from '@/test/gallery-fixtures';
import { bodyOf, memberServer, refusal } from '@/test/member-server';
import { renderRoute } from '@/test/render-route';

type Handlers = Parameters<typeof fakeServer>[0];

/**
 * Series 1 with issues 2026001…2026123 as the server keeps them: likes one per device (the
 * x-device-id header) or member, comments newest first.
 */
function issueServer(make: (h: Handlers) => ReturnType<typeof fakeServer> = fakeServer) {
  const likes = new Map<string, Set<string>>();
  const devices: string[] = [];
  const who = (init: RequestInit) => {
    const h = new Headers(init.headers);
    const id = h.get('authorization') ?? h.get('x-device-id') ?? '';
    devices.push(id);
    return id;
  };
  const base = '/api/v2/gallery/series/1/issues/';
  const handlers: Handlers = {};
  for (let n = 1; n <= 123; n += 1) {
    const issue = `2026${String(n).padStart(3, '0')}`;
    const likers = () => likes.get(issue) ?? likes.set(issue, new Set()).get(issue)!;
    handlers[`GET ${base}${issue}`] = (_u, init): SeriesIssue =>
      seriesIssue(n, 123, { likes: 5 + likers().size, liked: likers().has(who(init)) });
    handlers[`PUT ${base}${issue}/like`] = (_u, init) => {
      likers().add(who(init));
      return { likes: 5 + likers().size, liked: true };
    };
    handlers[`DELETE ${base}${issue}/like`] = (_u, init) => {
      likers().delete(who(init));
      return { likes: 5 + likers().size, liked: false };
    };
    handlers[`GET ${base}${issue}/comments`] = () => ({
      items: [comment(1, `第 ${n} 期的老评论`)],
      nextBefore: null,
    });
  }
  return { server: make(handlers), devices };
}

const viewer = () => screen.findByRole('region', { name: /^马会传真 第 2026100 期：/ });
const heading = (issue: string) =>
  screen.findByRole('heading', { level: 2, name: `马会传真 第 ${issue} 期` });

describe('issue viewer', () => {
  it('shows the picture with its box reserved, the draw beside it and the neighbours', async () => {
    const { server } = issueServer();
    renderRoute('/gallery/110/1/2026100', { server });
    await heading('2026100');
    const img = within(await viewer()).getByRole('img');
    expect(img).toHaveAttribute('width', '600');
    expect(img).toHaveAttribute('height', '800');
    expect(img.getAttribute('srcset')).toContain('c2026100-1600.jpg 1600w');
    const result = screen.getByRole('region', { name: '第 2026100 期开奖结果' });
    expect(within(result).getAllByRole('listitem').length).toBeGreaterThanOrEqual(7);
    expect(screen.getByRole('link', { name: '2026 全年' })).toHaveAttribute(
      'href',
      '/gallery/110/1/year/2026',
    );
  });

  it('swipes, buttons and arrow keys go to the neighbouring issues of the series', async () => {
    const { server } = issueServer();
    const { router } = renderRoute('/gallery/110/1/2026100', { server });
    const box = await viewer();
    // Finger moves left: the next (newer) issue.
    fireEvent.pointerDown(box, { pointerId: 1, clientX: 300, clientY: 300 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 150, clientY: 300 });
    fireEvent.pointerUp(box, { pointerId: 1, clientX: 150, clientY: 300 });
    await heading('2026101');
    expect(router.state.location.pathname).toBe('/gallery/110/1/2026101');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await heading('2026100');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await heading('2026099');
    await userEvent.setup().click(screen.getByRole('button', { name: '下一期' }));
    await heading('2026100');
    // Going back leaves the viewer: the swipes replaced the entry.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('has no way past the newest issue', async () => {
    const { server } = issueServer();
    renderRoute('/gallery/110/1/2026123', { server });
    await heading('2026123');
    expect(screen.getByRole('button', { name: '下一期' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '上一期' })).toBeEnabled();
  });

  it('toggles colour and black-and-white, kept in the address and while swiping', async () => {
    const { server } = issueServer();
    const { router } = renderRoute('/gallery/110/1/2026100', { server });
    const colour = await screen.findByRole('button', { name: '彩色' });
    expect(colour).toHaveAttribute('aria-pressed', 'true');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '黑白' }));
    expect(screen.getByRole('button', { name: '黑白' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(await viewer())
        .getByRole('img')
        .getAttribute('src'),
    ).toContain('m2026100-800');
    expect(router.state.location.search).toBe('?v=mono');
    await user.click(screen.getByRole('button', { name: '上一期' }));
    await heading('2026099');
    expect(router.state.location.search).toBe('?v=mono');
  });

  it("likes once per device: the device's id goes with the like and the count follows the server", async () => {
    const { server, devices } = issueServer();
    renderRoute('/gallery/110/1/2026100', { server });
    const like = await screen.findByRole('button', { name: '点赞，5 赞' });
    const user = userEvent.setup();
    await user.click(like);
    const liked = await screen.findByRole('button', { name: '已点赞，6 赞' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    const id = storage.get('kj_device_id');
    expect(id).toMatch(/^[0-9a-f-]{16,}$/);
    expect(devices.at(-1)).toBe(id);
    await user.click(liked);
    expect(await screen.findByRole('button', { name: '点赞，5 赞' })).toBeInTheDocument();
  });

  it('stars the series on the device for a visitor, and leads them to sign in to comment', async () => {
    const { server } = issueServer();
    renderRoute('/gallery/110/1/2026100', { server });
    const star = await screen.findByRole('button', { name: '收藏系列' });
    await userEvent.setup().click(star);
    expect(await screen.findByRole('button', { name: '取消收藏' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(JSON.parse(storage.get('kj_gallery_favourites') ?? '[]')[0]).toMatchObject({
      id: 1,
      name: '马会传真',
    });
    expect(await screen.findByText('第 100 期的老评论')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录后发表评论' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fgallery%2F110%2F1%2F2026100',
    );
  });

  it('says so for an issue the series does not have', async () => {
    renderRoute('/gallery/110/1/2026999', { server: issueServer().server });
    expect(await screen.findByText('这一期的图纸不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回系列' })).toHaveAttribute(
      'href',
      '/gallery/110/1',
    );
  });
});

describe('issue viewer for a member', () => {
  beforeEach(() => storage.set('access_token', 'tok'));

  it('stars the series on the account and comments, with the server refusals in Chinese', async () => {
    const favourites: number[] = [];
    let posts = 0;
    const { server } = issueServer((h) =>
      memberServer({
        ...h,
        'GET /api/user/gallery-favourites': () => ({
          series: SERIES.filter((s) => favourites.includes(s.id)),
        }),
        'PUT /api/user/gallery-favourites/1': () => {
          favourites.push(1);
          return true;
        },
        'POST /api/v2/gallery/series/1/issues/2026100/comments': (_u, init) => {
          posts += 1;
          if (posts === 2) return refusal(400, 'CHAT/BLOCKED_WORD', 'blocked');
          const { text } = bodyOf(init) as { text: string };
          return comment(50, text);
        },
      }),
    );
    renderRoute('/gallery/110/1/2026100', { server });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '收藏系列' }));
    await waitFor(() => expect(favourites).toEqual([1]));
    expect(await screen.findByRole('button', { name: '取消收藏' })).toBeInTheDocument();
    expect(storage.get('kj_gallery_favourites')).toBeNull();

    const box = screen.getByRole('textbox', { name: '写评论' });
    await user.type(box, '  这期不错  ');
    await user.click(screen.getByRole('button', { name: '发表' }));
    expect(await screen.findByText('这期不错')).toBeInTheDocument();
    expect(box).toHaveValue('');
    await user.type(box, '坏词');
    await user.click(screen.getByRole('button', { name: '发表' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '评论含有不允许的词语，请修改后再发',
    );
    expect(box).toHaveValue('坏词');
  });
});
