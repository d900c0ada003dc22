import { api } from '@/shared/api/api';
import { chatService } from '../model/chat-url';

/** A moderator deletes a message: it disappears for every reader (DELETE {chatUrl}/messages/{id}). */
export const deleteMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteChatMessage: build.mutation<boolean, number>({
      query: (id) => ({ url: `/messages/${id}`, method: 'DELETE', service: chatService('chat') }),
    }),
  }),
});
