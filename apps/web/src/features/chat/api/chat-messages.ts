import { CHAT_PAGE_MAX, type ChatMessage } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import type { Call } from '@/shared/api/base-query';
import type { AppDispatch } from '@/shared/store/hooks';
import { chatService } from '../model/chat-url';

export interface MessagesArg {
  room: string;
  /** The page before this message id; the newest page without. */
  before?: number;
}

/** GET {chatUrl}/rooms/{id}/messages (docs/architecture.md §10): a page, newest first. */
export const messagesCall = ({ room, before }: MessagesArg): Call => ({
  url: `/rooms/${encodeURIComponent(room)}/messages`,
  params: { before, limit: CHAT_PAGE_MAX },
  service: chatService(),
});

const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Read into the room's entry (chat-api.ts), never kept on its own: gone once it answered.
    chatMessages: build.query<{ items: ChatMessage[] }, MessagesArg>({
      query: messagesCall,
      keepUnusedDataFor: 0,
    }),
  }),
});

/** A page of a room's messages, read now (never an older answer). */
export const readMessages = (dispatch: AppDispatch, arg: MessagesArg) =>
  dispatch(
    messagesApi.endpoints.chatMessages.initiate(arg, { subscribe: false, forceRefetch: true }),
  ).unwrap();
