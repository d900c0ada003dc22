// Light, dark or follow the system. The choice is stored; the resolved one is written to
// <html data-theme>, which theme.css turns into colour variables. The server's pages settle it in
// their head before the first paint (apps/server/src/services/pages/page-start.ts) from a copy of the
// choice in the "theme" cookie, kept here: reading localStorage that early cost a slow phone
// tens of milliseconds before anything showed. The app then writes the same value.
import { useSyncExternalStore } from 'react';
import { storage } from '../storage/storage';
import './theme.css';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const isTheme = (v: unknown): v is Theme => THEMES.includes(v as Theme);
const listeners = new Set<() => void>();
let current: Theme = 'system';

const darkQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

/** The copy the page's head reads (the same cookie the storage falls back to). */
const COOKIE = 'theme';

function keepCookie(theme: Theme): void {
  if (typeof document === 'undefined') return;
  if (document.cookie.split(/;\s*/).includes(`${COOKIE}=${theme}`)) return;
  document.cookie = `${COOKIE}=${theme}; path=/; max-age=31536000; SameSite=Lax`;
}

function apply(): void {
  if (typeof document === 'undefined') return;
  const dark = current === 'dark' || (current === 'system' && Boolean(darkQuery()?.matches));
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export function getTheme(): Theme {
  return current;
}

export function setTheme(theme: Theme): void {
  if (!isTheme(theme)) return;
  current = theme;
  storage.set('theme', theme);
  keepCookie(theme);
  apply();
  for (const l of listeners) l();
}

export function initTheme(): void {
  const stored = storage.get('theme');
  current = isTheme(stored) ? stored : 'system';
  // A choice stored before the cookie copy existed gets one now.
  if (current !== 'system') keepCookie(current);
  apply();
  // "System" follows the device when it switches (e.g. at sunset).
  darkQuery()?.addEventListener?.('change', apply);
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTheme,
    () => 'system',
  );
}
