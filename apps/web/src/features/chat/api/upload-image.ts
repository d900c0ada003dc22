import { api } from '@/shared/api/api';
import type { AppDispatch } from '@/shared/store/hooks';
import { chatService } from '../model/chat-url';

const uploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST {chatUrl}/images, multipart `file` (docs/architecture.md §10): the path to send. */
    uploadChatImage: build.mutation<{ path: string }, FormData>({
      query: (form) => ({
        url: '/images',
        method: 'POST',
        body: form,
        service: chatService('chat'),
      }),
    }),
  }),
});

/** Uploads a picture to the chat: the path to send in the room. */
export async function uploadChatImage(dispatch: AppDispatch, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { path } = await dispatch(
    uploadApi.endpoints.uploadChatImage.initiate(form, { track: false }),
  ).unwrap();
  return path;
}
