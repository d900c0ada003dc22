import type { ChatMessage, ChatTicket } from '@kaijiang/domain';
import { CHAT_PAGE_MAX } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX, type CallError } from '@/shared/api/base-query';
import { storage } from '@/shared/storage/storage';
import { chatSocketUrl } from '../model/chat-url';
import { connections } from '../model/connections';
import { applyFrame, emptyRoom, merge, type RoomView } from '../model/room-view';
import { messagesCall, readMessages } from './chat-messages';

/**
 * A chat room (docs/architecture.md §10): its last messages from the service, then its socket feeding the same
 * cache entry while a panel shows it (the live-socket pattern of the draws).
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    chatRoom: build.query<RoomView, string>({
      async queryFn(room, _api, _extra, baseQuery) {
        const answer = await baseQuery(messagesCall({ room }));
        if (answer.error) return { error: answer.error as CallError };
        const { items } = answer.data as { items: ChatMessage[] };
        const view = emptyRoom(room);
        merge(view, items);
        view.hasOlder = items.length === CHAT_PAGE_MAX;
        return { data: view };
      },
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(
        room,
        { dispatch, updateCachedData, cacheDataLoaded, cacheEntryRemoved },
      ) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        // The socket code is a chunk of its own, loaded once the history answered (as the live
        // feed's, shared/live/latest-api.ts): the panel's first paint never waits for it.
        const { ChatConnection } = await import('../model/chat-connection');
        const conn = new ChatConnection({
          url: chatSocketUrl(),
          room,
          token: () => storage.get('chat_token'),
          onFrame: (f) => {
            if (f.type === 'error' && !f.id && f.code === 'UC/UNAUTHORIZED')
              storage.remove('chat_token');
            updateCachedData((view) => applyFrame(view, f));
            // In the room now (first or after a reconnect): what was said since the page read its
            // history, before the socket joined, is read again and merged (ids make it once).
            if (f.type === 'joined' && f.room === room)
              void readMessages(dispatch, { room }).then(
                ({ items }) => updateCachedData((view) => merge(view, items)),
                () => undefined,
              );
          },
          onState: (s) =>
            updateCachedData((view) => {
              view.connection = s;
            }),
        });
        connections.set(room, conn);
        conn.start();
        await cacheEntryRemoved;
        conn.stop();
        if (connections.get(room) === conn) connections.delete(room);
      },
    }),
    /** A signed-in member's way into the chat: a single-use chat login token. */
    chatTicket: build.mutation<ChatTicket, void>({
      query: () => ({ url: `${API_PREFIX.v2}/chat/ticket`, method: 'POST', member: true }),
    }),
  }),
});

export const { useChatRoomQuery } = chatApi;
