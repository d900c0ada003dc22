import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
