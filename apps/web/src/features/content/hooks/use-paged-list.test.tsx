import { act, renderHook, waitFor } from '@testing-library/react';
import { apiDataKey } from '@kaijiang/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlinedPublic } from '@/shared/api/public-api';
import { peekInitialData, resetInitialData } from '@/shared/config/initial-data';
import { usePagedList, type Page } from './use-paged-list';

type Item = { id: number };
const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('usePagedList', () => {
  it('appends pages until the total, skipping items it already shows', async () => {
    const fetchPage = vi.fn(async (page: number): Promise<Page<Item>> => {
      // The list shifted by one between pages: item 3 comes again on page 2.
      if (page === 1) return { items: items(1, 3), total: 6 };
      if (page === 2) return { items: items(3, 3), total: 6 };
      return { items: items(6, 1), total: 6 };
    });
    const { result } = renderHook(() => usePagedList('all', fetchPage, (i) => i.id));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5]));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);
    // Nothing more to ask for.
    act(() => result.current.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('does not ask for the same page twice while one is on its way', async () => {
    const second = deferred<Page<Item>>();
    const fetchPage = vi.fn((page: number) =>
      page === 1 ? Promise.resolve({ items: items(1, 2), total: 4 }) : second.promise,
    );
    const { result } = renderHook(() => usePagedList('k', fetchPage, (i) => i.id));
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    act(() => result.current.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(2);
    await act(async () => second.resolve({ items: items(3, 2), total: 4 }));
    expect(result.current.items).toHaveLength(4);
  });

  it('starts over for a new key and drops a late answer of the old one', async () => {
    const old = deferred<Page<Item>>();
    const fetchPage = vi.fn((_page: number, _signal: AbortSignal) => old.promise);
    const { result, rerender } = renderHook(({ k, f }) => usePagedList(k, f, (i: Item) => i.id), {
      initialProps: { k: 'guide', f: fetchPage },
    });
    const fresh = vi.fn(async () => ({ items: items(100, 1), total: 1 }));
    rerender({ k: 'results', f: fresh });
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([100]));
    expect(fetchPage.mock.calls[0]![1].aborted).toBe(true);
    await act(async () => old.resolve({ items: items(1, 5), total: 5 }));
    expect(result.current.items.map((i) => i.id)).toEqual([100]);
  });

  it('keeps what it shows when a page fails, and retries that page', async () => {
    let fail = true;
    const fetchPage = vi.fn(async (page: number) => {
      if (page === 2 && fail) throw new Error('网络异常，请检查网络连接');
      return { items: items(page * 10, 2), total: 4 };
    });
    const { result } = renderHook(() => usePagedList('k', fetchPage, (i) => i.id));
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.error).toBe('网络异常，请检查网络连接'));
    expect(result.current.items).toHaveLength(2);
    // While failed, scrolling to the end does not hammer the server.
    act(() => result.current.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(2);
    fail = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    expect(result.current.error).toBeNull();
  });

  describe('with page 1 in the page (server-rendered)', () => {
    afterEach(() => {
      document.getElementById('kj-data')?.remove();
      resetInitialData();
    });

    /** The page as the server sends it: `data` inlined as start-up data. */
    function inline(data: Record<string, unknown>) {
      const script = document.createElement('script');
      script.id = 'kj-data';
      script.type = 'application/json';
      script.textContent = JSON.stringify(data);
      document.head.append(script);
      resetInitialData();
    }
    const KEY = apiDataKey('/news', { page: 1, pageSize: 3 });
    const firstPage = () => inlinedPublic<Page<Item>>('/news', { page: 1, pageSize: 3 });

    it('starts from it in the first render, does not ask for it, and pages on', async () => {
      inline({ [KEY]: { items: items(1, 3), total: 5 } });
      const fetchPage = vi.fn(async (page: number) => ({
        items: items(page * 3 - 2, page === 1 ? 3 : 2),
        total: 5,
      }));
      const renders: number[][] = [];
      const { result } = renderHook(() => {
        const list = usePagedList('all', fetchPage, (i: Item) => i.id, firstPage);
        renders.push(list.items.map((i) => i.id));
        return list;
      });
      // No skeleton in between: the very first render has the items.
      expect(renders[0]).toEqual([1, 2, 3]);
      expect(result.current).toMatchObject({ loading: false, hasMore: true, total: 5 });
      expect(fetchPage).not.toHaveBeenCalled();
      // Used up: a list shown later asks the server.
      expect(peekInitialData(KEY)).toBeUndefined();
      act(() => result.current.loadMore());
      expect(result.current.loading).toBe(true);
      await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5]));
      expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([2]);
      expect(result.current.hasMore).toBe(false);
    });

    it('gives the same first render twice under StrictMode and still asks for nothing', async () => {
      inline({ [KEY]: { items: items(1, 3), total: 3 } });
      const fetchPage = vi.fn(async () => ({ items: items(100, 1), total: 1 }));
      const renders: number[][] = [];
      const { result, unmount } = renderHook(
        () => {
          const list = usePagedList('all', fetchPage, (i: Item) => i.id, firstPage);
          renders.push(list.items.map((i) => i.id));
          return list;
        },
        { reactStrictMode: true },
      );
      expect(renders.length).toBeGreaterThanOrEqual(2);
      expect(renders.every((ids) => ids.join() === '1,2,3')).toBe(true);
      await act(async () => {});
      expect(fetchPage).not.toHaveBeenCalled();
      expect(result.current.items.map((i) => i.id)).toEqual([1, 2, 3]);
      expect(peekInitialData(KEY)).toBeUndefined();
      // The next time the list is shown, page 1 comes from the server.
      unmount();
      const again = renderHook(() => usePagedList('all', fetchPage, (i: Item) => i.id, firstPage));
      expect(again.result.current.loading).toBe(true);
      await waitFor(() => expect(again.result.current.items.map((i) => i.id)).toEqual([100]));
      expect(fetchPage).toHaveBeenCalledTimes(1);
    });

    it('asks for another key, and for the first one again when it comes back', async () => {
      inline({ [KEY]: { items: items(1, 3), total: 3 } });
      const fetchPage = vi.fn(async (_page: number) => ({ items: items(50, 2), total: 2 }));
      const { result, rerender } = renderHook(
        ({ k }) =>
          usePagedList(k, fetchPage, (i: Item) => i.id, k === 'all' ? firstPage : undefined),
        { initialProps: { k: 'all' } },
      );
      expect(result.current.items).toHaveLength(3);
      rerender({ k: 'guide' });
      await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([50, 51]));
      rerender({ k: 'all' });
      expect(result.current.loading).toBe(true);
      await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([50, 51]));
      expect(fetchPage).toHaveBeenCalledTimes(2);
    });

    it('ignores a page inlined for another request', async () => {
      inline({
        [apiDataKey('/news', { category: 'guide', page: 1, pageSize: 3 })]: {
          items: items(1, 3),
          total: 3,
        },
      });
      const fetchPage = vi.fn(async () => ({ items: items(7, 1), total: 1 }));
      const { result } = renderHook(() =>
        usePagedList('all', fetchPage, (i: Item) => i.id, firstPage),
      );
      expect(result.current.loading).toBe(true);
      await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual([7]));
      expect(fetchPage).toHaveBeenCalledTimes(1);
    });
  });
});
