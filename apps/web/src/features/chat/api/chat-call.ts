import { CHAT_PAGE_MAX, type ChatMessage } from '@kaijiang/domain';
import { storage } from '@/shared/storage/storage';
import { chatBase } from '../model/chat-url';
import { ChatError } from '../model/chat-connection';

/** A room's newest page of messages (newest first). */
export const latestMessages = (room: string) =>
  chatCall<{ items: ChatMessage[] }>(
    `/rooms/${encodeURIComponent(room)}/messages?limit=${CHAT_PAGE_MAX}`,
  );

/**
 * A call to the chat service (docs/architecture.md §10, the §4 envelope): `data`, or a ChatError with the
 * server's code and Chinese message. `auth`: the chat token ('chat') or a ticket (a token given).
 */
export async function chatCall<T>(
  path: string,
  opts: {
    method?: 'GET' | 'POST' | 'DELETE';
    bearer?: string | 'chat';
    body?: unknown;
    /** A multipart body (a picture): sent as it is. */
    form?: FormData;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const bearer = opts.bearer === 'chat' ? storage.get('chat_token') : opts.bearer;
  if (opts.bearer && !bearer) throw new ChatError('UC/UNAUTHORIZED', '请先登录');
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${chatBase()}${path}`, {
      method: opts.method ?? 'GET',
      headers,
      ...(opts.body !== undefined && { body: JSON.stringify(opts.body) }),
      ...(opts.form && { body: opts.form }),
    });
  } catch {
    throw new ChatError('SYS/OFFLINE', '网络不可用，请稍后再试');
  }
  const body = (await res.json().catch(() => null)) as {
    code?: string;
    msg?: string;
    data?: T;
  } | null;
  if (!res.ok || !body || body.code !== 'OK')
    throw new ChatError(body?.code ?? 'SYS/ERROR', body?.msg || '服务器繁忙，请稍后再试');
  return body.data as T;
}
