import { storage } from '@/shared/storage/storage';
import { ChatError } from '../model/chat-connection';
import { chatBase } from '../model/chat-url';

/** Uploads a picture to the chat (DESIGN §10, multipart `file`): the path to send in the room. */
export async function uploadChatImage(file: File): Promise<string> {
  const token = storage.get('chat_token');
  if (!token) throw new ChatError('UC/UNAUTHORIZED', '请先登录');
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`${chatBase()}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ChatError('SYS/OFFLINE', '网络不可用，请稍后再试');
  }
  const body = (await res.json().catch(() => null)) as {
    code?: string;
    msg?: string;
    data?: { path: string };
  } | null;
  if (!res.ok || body?.code !== 'OK' || !body.data)
    throw new ChatError(body?.code ?? 'SYS/ERROR', body?.msg || '图片上传失败');
  return body.data.path;
}
