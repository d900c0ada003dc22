import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CollectionItem, MemberMessage } from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage/storage';
import { selectSignedIn } from '@/shared/store/session-slice';
import { bodyOf, memberServer, PROFILE, refusal } from '@/test/member-server';
import { renderRoute } from '@/test/render-route';
import { renderWithStore } from '@/test/render-with-store';
import { CollectButton } from './collect-button';

// Member screens load through lazy routes: slower than the default 1 s.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

const message = (id: number, read = false): MemberMessage => ({
  id,
  title: `消息 ${id}`,
  content: `正文 ${id}`,
  read,
  createdAt: '2026-01-01T00:00:00Z',
});

/** A member's inbox and collections kept by the fake server, as the real one keeps them. */
function memberData(messages: MemberMessage[], collected: CollectionItem[] = []) {
  let nextId = 100;
  const unread = () => messages.filter((m) => !m.read).length;
  const page = <T,>(items: T[], url: URL) => {
    const n = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('pageSize') ?? 20);
    return {
      items: items.slice((n - 1) * size, n * size),
      page: n,
      pageSize: size,
      total: items.length,
    };
  };
  return memberServer({
    'GET /api/user/info': () => ({
      ...PROFILE,
      extInfo: { unreadMessages: unread(), collections: collected.length },
    }),
    'GET /api/v2/messages': (url) => ({ ...page(messages, url), unread: unread() }),
    'GET /api/v2/messages/unread-count': () => ({ unread: unread() }),
    'POST /api/v2/messages/read-all': () => {
      const updated = unread();
      for (const m of messages) m.read = true;
      return { updated };
    },
    ...Object.fromEntries(
      messages.map((m) => [
        `POST /api/v2/messages/${m.id}/read`,
        () => {
          m.read = true;
          return true;
        },
      ]),
    ),
    'GET /api/v2/collections': (url) => {
      const kind = url.searchParams.get('kind');
      return page(
        collected.filter((c) => !kind || c.kind === kind),
        url,
      );
    },
    'GET /api/v2/collections/check': (url) =>
      collected.find(
        (c) => c.kind === url.searchParams.get('kind') && c.refId === url.searchParams.get('refId'),
      ) ?? null,
    'POST /api/v2/collections': (_url, init) => {
      const body = bodyOf(init) as { kind: CollectionItem['kind']; refId: string; title?: string };
      const item = { id: nextId++, title: body.title ?? '', createdAt: '', ...body };
      collected.unshift(item);
      return item;
    },
    ...Object.fromEntries(
      [100, 101, 1, 2].map((id) => [
        `DELETE /api/v2/collections/${id}`,
        () => {
          const i = collected.findIndex((c) => c.id === id);
          if (i >= 0) collected.splice(i, 1);
          return i >= 0;
        },
      ]),
    ),
  });
}

describe('my messages', () => {
  beforeEach(() => storage.set('access_token', 'tok'));

  it('reading a message updates the unread count from the server; read all clears it', async () => {
    const server = memberData([message(1), message(2), message(3, true)]);
    renderRoute('/my-message', { server });
    expect(await screen.findByText(/2 条未读/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '消息列表' });
    expect(within(list).getAllByRole('img', { name: '未读' })).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: /消息 1/ }));
    expect(screen.getByText('正文 1')).toBeVisible();
    // The count is asked again (invalidated), not counted down on the page.
    await waitFor(() => expect(screen.getByText(/1 条未读/)).toBeInTheDocument());
    expect(server.calls.filter((c) => c === '/api/v2/messages/unread-count')).toHaveLength(2);
    expect(within(list).getAllByRole('img', { name: '未读' })).toHaveLength(1);

    await userEvent.setup().click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('没有未读消息')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(list).queryAllByRole('img', { name: '未读' })).toHaveLength(0),
    );
  });

  it('the route loader asks for the list and the count before the screen does', async () => {
    const server = memberData([message(1)]);
    server.hold('/api/v2/messages');
    renderRoute('/my-message', { server });
    await waitFor(() =>
      expect(server.calls).toEqual(
        expect.arrayContaining([
          '/api/v2/messages?page=1&pageSize=20',
          '/api/v2/messages/unread-count',
        ]),
      ),
    );
    expect(server.calls.filter((c) => c.startsWith('/api/v2/messages?'))).toHaveLength(1);
    server.release('/api/v2/messages');
    expect(await screen.findByRole('list', { name: '消息列表' })).toBeInTheDocument();
  });

  it('pages: more messages load after the first page', async () => {
    const many = Array.from({ length: 25 }, (_, i) => message(i + 1, true));
    renderRoute('/my-message', { server: memberData(many) });
    const list = await screen.findByRole('list', { name: '消息列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.setup().click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('a visitor is asked to sign in, and nothing is asked of the server', async () => {
    storage.remove('access_token');
    const server = memberData([message(1)]);
    renderRoute('/my-message', { server });
    expect(await screen.findByText('登录后查看消息')).toBeInTheDocument();
    expect(server.calls.some((c) => c.startsWith('/api/v2/messages'))).toBe(false);
  });
});

describe('collections', () => {
  beforeEach(() => storage.set('access_token', 'tok'));

  it('collecting updates the button and the collection list; removing takes it out', async () => {
    const server = memberData([]);
    const { store } = renderWithStore(
      <CollectButton kind="news" refId="42" title="周报" returnTo="/news/42" />,
      { server },
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: '收藏' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveTextContent('已收藏');
    // The check entry was invalidated by the tag and asked again.
    expect(server.calls.filter((c) => c.startsWith('/api/v2/collections/check'))).toHaveLength(2);
    expect(store.getState().api.provided.tags?.Collection).toBeDefined();

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(server.sent.some((s) => s.call === 'DELETE /api/v2/collections/100')).toBe(true);
  });

  it('the list filters by kind and a removal refreshes it', async () => {
    const server = memberData(
      [],
      [
        { id: 1, kind: 'gallery', refId: '110:5', title: '四不像', createdAt: '' },
        { id: 2, kind: 'news', refId: '42', title: '周报', createdAt: '' },
      ],
    );
    renderRoute('/collection', { server });
    const list = await screen.findByRole('list', { name: '收藏列表' });
    expect(list).toHaveTextContent('图库四不像');
    expect(list).toHaveTextContent('资讯周报');
    // The old gallery's pictures are gone: their favourites lead to the favourite series.
    expect(within(list).getByRole('link', { name: /四不像/ })).toHaveAttribute(
      'href',
      '/gallery?game=fav',
    );
    expect(screen.getByRole('link', { name: /我收藏的图纸系列/ })).toHaveAttribute(
      'href',
      '/gallery?game=fav',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '资讯' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: '收藏列表' })).not.toHaveTextContent('四不像'),
    );
    await user.click(screen.getByRole('button', { name: '取消收藏 周报' }));
    expect(await screen.findByText('还没有收藏')).toBeInTheDocument();
  });

  it('a dead token: the list is asked once, and never again without the token', async () => {
    const server = memberData([]);
    server.handlers['GET /api/v2/collections'] = () =>
      refusal(400, 'UC/TOKEN_INVALID', '登录已失效');
    const { store } = renderRoute('/collection', { server });
    expect(await screen.findByRole('group', { name: '按类型筛选' })).toBeInTheDocument();
    await waitFor(() => expect(selectSignedIn(store.getState())).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.sent.filter((s) => s.call === 'GET /api/v2/collections')).toHaveLength(1);
  });

  it('a failed removal shows the server words and keeps the item', async () => {
    const server = memberData(
      [],
      [{ id: 1, kind: 'news', refId: '42', title: '周报', createdAt: '' }],
    );
    server.handlers['DELETE /api/v2/collections/1'] = () => refusal(500, 'SYS/ERROR', '服务器繁忙');
    renderRoute('/collection', { server });
    await userEvent.setup().click(await screen.findByRole('button', { name: '取消收藏 周报' }));
    expect(await screen.findByText('服务器繁忙')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '收藏列表' })).toHaveTextContent('周报');
  });

  it('a later page that fails is said under the list, which stays', async () => {
    const many = Array.from({ length: 25 }, (_, i): CollectionItem => ({
      id: i + 1,
      kind: 'news',
      refId: String(i + 1),
      title: `文章 ${i + 1}`,
      createdAt: '',
    }));
    const server = memberData([], many);
    renderRoute('/collection', { server });
    const list = await screen.findByRole('list', { name: '收藏列表' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    server.handlers['GET /api/v2/collections'] = () => refusal(500, 'SYS/ERROR', '服务器繁忙');
    await userEvent.setup().click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器繁忙');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
  });

  describe('in Traditional Chinese', () => {
    beforeEach(() => {
      act(() => setLocale('zh-Hant'));
    });
    afterEach(() => {
      act(() => setLocale('zh-Hans'));
    });

    it('collections list and its empty state', async () => {
      renderRoute('/collection', {
        server: memberData(
          [],
          [{ id: 1, kind: 'news', refId: '42', title: 'Weekly notes', createdAt: '' }],
        ),
      });
      expect(await screen.findByRole('button', { name: '取消收藏 Weekly notes' })).toBeVisible();
      expect(screen.getByRole('group', { name: '按類型篩選' })).toHaveTextContent(
        '全部資訊圖庫開獎',
      );
      expect(screen.getByRole('list', { name: '收藏列表' })).toHaveTextContent('資訊Weekly notes');
      await userEvent.setup().click(screen.getByRole('button', { name: '圖庫' }));
      expect(await screen.findByText('還沒有收藏')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '去看資訊' })).toBeInTheDocument();
      expect(document.querySelector('main')?.textContent ?? '').not.toMatch(
        /还没有收藏|去看资讯|换手机登录|资讯|图库/,
      );
    });

    it('messages: a load failure in the spec text, retry, then the unread count', async () => {
      const server = memberData([message(7), message(8)]);
      server.handlers['GET /api/v2/messages'] = () => new Response('', { status: 502 });
      renderRoute('/my-message', { server });
      await waitFor(() => expect(screen.getByText('請求失敗，狀態碼 502')).toBeInTheDocument());
      server.handlers['GET /api/v2/messages'] = () => ({
        items: [message(7), message(8)],
        page: 1,
        pageSize: 20,
        total: 2,
        unread: 2,
      });
      await userEvent.setup().click(await screen.findByRole('button', { name: '重新載入' }));
      expect(await screen.findByRole('list', { name: '消息列表' })).toBeInTheDocument();
      expect(screen.getByText(/2 條未讀/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '全部已讀' })).toBeInTheDocument();
      expect(screen.getAllByRole('img', { name: '未讀' })).toHaveLength(2);
    });

    it('messages: a visitor is asked to sign in', async () => {
      storage.remove('access_token');
      renderRoute('/my-message', { server: memberData([]) });
      expect(await screen.findByText('登入後查看消息')).toBeInTheDocument();
      // The header's own 登入 aside, the screen's link brings the visitor back here.
      const links = screen.getAllByRole('link', { name: '登入' });
      expect(links.some((a) => a.getAttribute('href')?.includes('redirect='))).toBe(true);
    });
  });
});
