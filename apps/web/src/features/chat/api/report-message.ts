import { api } from '@/shared/api/api';
import { chatService } from '../model/chat-url';

/** A member reports a message to the moderators (POST {chatUrl}/messages/{id}/report). */
export const reportMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportChatMessage: build.mutation<boolean, number>({
      query: (id) => ({
        url: `/messages/${id}/report`,
        method: 'POST',
        service: chatService('chat'),
      }),
    }),
  }),
});
