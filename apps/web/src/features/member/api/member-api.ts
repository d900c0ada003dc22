import type { CollectionItem, CollectionKind, CollectionPage, MessagePage } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';

const PAGE_SIZE = 20;

/** Page numbers from 1 while the pages so far hold fewer items than the list's total. */
const pageByPage = {
  initialPageParam: 1,
  getNextPageParam: (
    last: { items: unknown[]; total: number },
    all: { items: unknown[] }[],
    lastParam: number,
  ) => {
    const shown = all.reduce((n, p) => n + p.items.length, 0);
    return last.items.length > 0 && shown < last.total ? lastParam + 1 : undefined;
  },
};

/** One collected item's check, by what it points at. */
export interface CollectionRef {
  kind: CollectionKind;
  refId: string;
}

// The unread count is its own entry: reading a message refreshes it, not the whole list.
const UNREAD = { type: 'Message', id: 'UNREAD' } as const;

/**
 * The member's messages and collections (docs/architecture.md §4, v2). Reading or collecting changes the
 * member's counts too (the profile's `extInfo`), hence 'Member' in what they invalidate.
 */
export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    messages: build.infiniteQuery<MessagePage, void, number>({
      infiniteQueryOptions: pageByPage,
      query: ({ pageParam }) => ({
        url: `${API_PREFIX.v2}/messages`,
        member: true,
        params: { page: pageParam, pageSize: PAGE_SIZE },
      }),
      providesTags: ['Message'],
    }),
    unreadCount: build.query<number, void>({
      query: () => ({ url: `${API_PREFIX.v2}/messages/unread-count`, member: true }),
      transformResponse: (data: { unread: number }) => data.unread,
      providesTags: [UNREAD],
    }),
    markRead: build.mutation<boolean, number>({
      query: (id) => ({
        url: `${API_PREFIX.v2}/messages/${id}/read`,
        member: true,
        method: 'POST',
      }),
      // Shown read at once; the counts follow from the server.
      onQueryStarted(id, { dispatch }) {
        dispatch(
          memberApi.util.updateQueryData('messages', undefined, (draft) => {
            for (const page of draft.pages) {
              for (const m of page.items) if (m.id === id) m.read = true;
            }
          }),
        );
      },
      invalidatesTags: [UNREAD, 'Member'],
    }),
    markAllRead: build.mutation<{ updated: number }, void>({
      query: () => ({ url: `${API_PREFIX.v2}/messages/read-all`, member: true, method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Message', 'Member']),
    }),
    collections: build.infiniteQuery<CollectionPage, CollectionKind | null, number>({
      infiniteQueryOptions: pageByPage,
      query: ({ queryArg: kind, pageParam }) => ({
        url: `${API_PREFIX.v2}/collections`,
        member: true,
        params: { page: pageParam, pageSize: PAGE_SIZE, kind },
      }),
      providesTags: ['Collection'],
    }),
    /** The stored item when this one is collected, else null. */
    checkCollection: build.query<CollectionItem | null, CollectionRef>({
      query: ({ kind, refId }) => ({
        url: `${API_PREFIX.v2}/collections/check`,
        member: true,
        params: { kind, refId },
      }),
      providesTags: ['Collection'],
    }),
    addCollection: build.mutation<CollectionItem, CollectionRef & { title?: string }>({
      query: ({ kind, refId, title }) => ({
        url: `${API_PREFIX.v2}/collections`,
        member: true,
        method: 'POST',
        body: { kind, refId, ...(title ? { title } : {}) },
      }),
      invalidatesTags: (_r, error) => (error ? [] : ['Collection', 'Member']),
    }),
    removeCollection: build.mutation<boolean, number>({
      query: (id) => ({
        url: `${API_PREFIX.v2}/collections/${id}`,
        member: true,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, error) => (error ? [] : ['Collection', 'Member']),
    }),
  }),
});

export const {
  useMessagesInfiniteQuery,
  useUnreadCountQuery,
  useMarkReadMutation,
  useMarkAllReadMutation,
  useCollectionsInfiniteQuery,
  useCheckCollectionQuery,
  useAddCollectionMutation,
  useRemoveCollectionMutation,
} = memberApi;
