import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage/storage';
import { listCollections } from '../api/list-collections';
import { listMessages } from '../api/list-messages';
import { CollectionScreen } from './collection-screen';
import { MyMessageScreen } from './my-message-screen';

vi.mock('../api/list-collections', () => ({ listCollections: vi.fn() }));
vi.mock('../api/list-messages', () => ({ listMessages: vi.fn() }));

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('member screens', () => {
  beforeEach(() => {
    vi.mocked(listCollections).mockReset();
    vi.mocked(listMessages).mockReset();
  });

  it('collections: filters, kind tags and remove buttons (zh-Hans)', async () => {
    vi.mocked(listCollections).mockResolvedValue({
      items: [{ id: 1, kind: 'gallery', refId: '110:5', title: '四不像', createdAt: '' }],
      page: 1,
      pageSize: 20,
      total: 1,
    });
    inRouter(<CollectionScreen />);
    expect(await screen.findByRole('button', { name: '取消收藏 四不像' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '按类型筛选' })).toHaveTextContent('全部资讯图库开奖');
    expect(screen.getByRole('list', { name: '收藏列表' })).toHaveTextContent('图库四不像');
  });

  describe('in Traditional Chinese', () => {
    beforeEach(() => {
      act(() => setLocale('zh-Hant'));
    });
    afterEach(() => {
      act(() => setLocale('zh-Hans'));
    });

    it('collections list', async () => {
      vi.mocked(listCollections).mockResolvedValue({
        items: [{ id: 1, kind: 'news', refId: '42', title: 'Weekly notes', createdAt: '' }],
        page: 1,
        pageSize: 20,
        total: 3,
      });
      inRouter(<CollectionScreen />);
      expect(await screen.findByRole('button', { name: '取消收藏 Weekly notes' })).toBeVisible();
      expect(screen.getByRole('group', { name: '按類型篩選' })).toHaveTextContent(
        '全部資訊圖庫開獎',
      );
      expect(screen.getByRole('list', { name: '收藏列表' })).toHaveTextContent('資訊Weekly notes');
      expect(screen.getByRole('button', { name: '載入更多' })).toBeInTheDocument();
      const text = document.body.textContent ?? '';
      for (const simplified of ['资讯', '图库', '开奖', '加载']) {
        expect(text).not.toContain(simplified);
      }
    });

    it('collections empty state', async () => {
      vi.mocked(listCollections).mockResolvedValue({ items: [], page: 1, pageSize: 20, total: 0 });
      inRouter(<CollectionScreen />);
      expect(await screen.findByText('還沒有收藏')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '去看資訊' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '去看圖庫' })).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/还没有收藏|去看资讯|换手机登录/);
    });

    it('messages: unread count, read-all and our own load failure', async () => {
      storage.set('access_token', 'tok');
      vi.mocked(listMessages).mockRejectedValueOnce(new Error('socket hang up'));
      inRouter(<MyMessageScreen />);
      // Not an ApiError: the list falls back to its own words, with a Traditional retry.
      expect(await screen.findByText('載入失敗，請稍後重試')).toBeInTheDocument();
      vi.mocked(listMessages).mockResolvedValueOnce({
        items: [
          {
            id: 7,
            title: 'Hello',
            content: 'Body',
            read: false,
            createdAt: '2026-01-01T00:00:00Z',
          },
        ],
        page: 1,
        pageSize: 20,
        total: 1,
        unread: 2,
      });
      await userEvent.setup().click(screen.getByRole('button', { name: '重新載入' }));
      expect(await screen.findByRole('list', { name: '消息列表' })).toBeInTheDocument();
      expect(screen.getByText(/2 條未讀/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '全部已讀' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: '未讀' })).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/条未读|全部已读|加载/);
    });

    it('messages: a visitor is asked to sign in', () => {
      inRouter(<MyMessageScreen />);
      expect(screen.getByText('登入後查看消息')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '登入' })).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/登录|系统通知/);
    });
  });
});
