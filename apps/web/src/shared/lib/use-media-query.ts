import { useSyncExternalStore } from 'react';

const queryOf = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;

/**
 * Whether a CSS media query matches, following changes (rotation, resizing). Where it cannot be
 * asked (the server, old test DOMs) the answer is `fallback`. A server-rendered page is taken over
 * with the browser's own answer, not the server's: a part the server rendered for the other
 * answer is then dropped instead of being built only to be removed.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const matches = () => queryOf(query)?.matches ?? fallback;
  return useSyncExternalStore(
    (onChange) => {
      const list = queryOf(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    matches,
    matches,
  );
}
