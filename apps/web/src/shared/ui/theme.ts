// Light, dark or follow the system. The choice is stored; the resolved one is written to
// <html data-theme>, which theme.css turns into colour variables. The server's pages settle it in
// their head before the first paint (apps/server/src/services/page-start.ts, which reads the
// choice the same way: keep the two in step); the app then writes the same value.
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
  apply();
  for (const l of listeners) l();
}

export function initTheme(): void {
  const stored = storage.get('theme');
  current = isTheme(stored) ? stored : 'system';
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
