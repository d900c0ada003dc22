import { runtimeConfig } from '@/shared/config/runtime-config';
import { storage } from '@/shared/storage/storage';

/** The chat service's HTTP base (docs/architecture.md §10): the page's config, `/chat-api` by default. */
export function chatBase(): string {
  return (runtimeConfig().chatUrl || '/chat-api').replace(/\/+$/, '');
}

/** Its socket: ws(s) on the chat's origin, or on the page's when the base is a path. */
export function chatSocketUrl(): string {
  const base = chatBase();
  if (/^https?:\/\//.test(base)) return `${base.replace(/^http/, 'ws')}/ws`;
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${base}/ws`;
}

/** A chat picture's address: the chat's image origin, or the page's. */
export function chatImage(path: string): string {
  return `${runtimeConfig().chatImgUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * A call to the chat service through the app's one query cache (shared/api/base-query.ts
 * `service`): `bearer` a ticket, `'chat'` the kept chat token (without one the chat refuses the call with its own words).
 */
export function chatService(bearer?: string): { base: string; bearer?: string } {
  const token = bearer === 'chat' ? storage.get('chat_token') : bearer;
  return { base: chatBase(), ...(token && { bearer: token }) };
}
