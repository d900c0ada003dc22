import { consoleApi } from '../../shared/api';

const BASE = '/app-api/admin/chat';

export interface RoomInfo {
  id: string;
  name: string;
  online: number;
}
export interface RoomMessage {
  id: number;
  room: string;
  user: { id: number; nickname: string; avatar: string; role: string };
  text?: string;
  image?: string;
  at: string;
}
export type ReportedMessage = RoomMessage & { memberId: number | null; reports: number };

const chatApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    chatRooms: build.query<RoomInfo[], void>({
      query: () => `${BASE}/rooms`,
      providesTags: ['Chat'],
    }),
    roomMessages: build.query<RoomMessage[], string>({
      query: (room) => `${BASE}/rooms/${room}/messages`,
      providesTags: ['Chat'],
    }),
    chatReports: build.query<ReportedMessage[], void>({
      query: () => `${BASE}/reports`,
      providesTags: ['Chat'],
    }),
    removeMessage: build.mutation<boolean, number>({
      query: (id) => ({ url: `${BASE}/messages/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Chat', 'Audit'],
    }),
    muteMember: build.mutation<{ until: string }, { memberId: number; minutes: number }>({
      query: (body) => ({ url: `${BASE}/mutes`, method: 'POST', body }),
      invalidatesTags: ['Audit'],
    }),
    blockedWords: build.query<string[], void>({
      query: () => `${BASE}/blocked-words`,
      providesTags: ['Chat'],
    }),
    addBlockedWord: build.mutation<boolean, string>({
      query: (word) => ({ url: `${BASE}/blocked-words`, method: 'POST', body: { word } }),
      invalidatesTags: ['Chat', 'Audit'],
    }),
    removeBlockedWord: build.mutation<boolean, string>({
      query: (word) => ({
        url: `${BASE}/blocked-words/${encodeURIComponent(word)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Chat', 'Audit'],
    }),
  }),
});

export const {
  useChatRoomsQuery,
  useRoomMessagesQuery,
  useChatReportsQuery,
  useRemoveMessageMutation,
  useMuteMemberMutation,
  useBlockedWordsQuery,
  useAddBlockedWordMutation,
  useRemoveBlockedWordMutation,
} = chatApi;
