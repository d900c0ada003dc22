import type { StorageKey } from '@/shared/storage/storage';

/** What "clear cache" keeps: the session and the visitor's own choices. */
export const KEPT_KEYS: readonly StorageKey[] = [
  'access_token',
  'chat_login_token',
  'chat_token',
  'locale',
  'theme',
  'apiUrl',
  'chatUrl',
  'staticHost',
  'chatImgUrl',
];

/**
 * Empties the Cache Storage, sessionStorage and every other localStorage entry. Returns how many
 * entries went, for the confirmation.
 */
export async function clearCache(win: Window = window): Promise<number> {
  let removed = 0;
  if ('caches' in win) {
    for (const name of await win.caches.keys()) {
      if (await win.caches.delete(name)) removed++;
    }
  }
  try {
    removed += win.sessionStorage.length;
    win.sessionStorage.clear();
    const kept = new Set<string>(KEPT_KEYS);
    for (const key of Object.keys(win.localStorage)) {
      if (!kept.has(key)) {
        win.localStorage.removeItem(key);
        removed++;
      }
    }
  } catch (error) {
    // Storage blocked (private mode): nothing was stored there to clear.
    console.warn('clearing storage failed', error);
  }
  return removed;
}
