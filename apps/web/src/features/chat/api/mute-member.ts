import { api } from '@/shared/api/api';
import { chatService } from '../model/chat-url';

/** A moderator mutes a member for `minutes` (POST {chatUrl}/mutes). */
export const muteMemberApi = api.injectEndpoints({
  endpoints: (build) => ({
    muteChatMember: build.mutation<{ until: string }, { memberId: number; minutes: number }>({
      query: (body) => ({ url: '/mutes', method: 'POST', body, service: chatService('chat') }),
    }),
  }),
});
