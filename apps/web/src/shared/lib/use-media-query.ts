import { useSyncExternalStore } from 'react';

const queryOf = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;

/**
 * Whether a CSS media query matches, following changes (rotation, resizing). Where it cannot be
 * asked (the server, old test DOMs) the answer is `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = queryOf(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => queryOf(query)?.matches ?? fallback,
    () => fallback,
  );
}
