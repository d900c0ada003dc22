import { chatCall } from './chat-call';

/** Uploads a picture to the chat (docs/architecture.md §10, multipart `file`): the path to send in the room. */
export async function uploadChatImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { path } = await chatCall<{ path: string }>('/images', {
    method: 'POST',
    bearer: 'chat',
    form,
  });
  return path;
}
