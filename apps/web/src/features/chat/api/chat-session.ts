import type { ChatSession } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import type { AppDispatch } from '@/shared/store/hooks';
import { getAccessToken, storage } from '@/shared/storage/storage';
import { chatService } from '../model/chat-url';
import { chatApi } from './chat-api';

const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST {chatUrl}/session with the ticket: the chat token (docs/architecture.md §10). */
    chatSession: build.mutation<ChatSession, string>({
      query: (ticket) => ({ url: '/session', method: 'POST', service: chatService(ticket) }),
    }),
  }),
});

/**
 * The chat token of a signed-in member (spec §3, docs/architecture.md §10): the stored one, or a new one from a
 * ticket (kept as chat_login_token, then traded for chat_token). Null for a visitor.
 */
export async function ensureChatToken(
  dispatch: AppDispatch,
  fresh = false,
): Promise<string | null> {
  if (!getAccessToken()) return null;
  const kept = storage.get('chat_token');
  if (kept && !fresh) return kept;
  const ticket = await dispatch(
    chatApi.endpoints.chatTicket.initiate(undefined, { track: false }),
  ).unwrap();
  storage.set('chat_login_token', ticket.chatLoginToken);
  const session = await dispatch(
    sessionApi.endpoints.chatSession.initiate(ticket.chatLoginToken, { track: false }),
  ).unwrap();
  storage.set('chat_token', session.chatToken);
  return session.chatToken;
}
