// The console in zh-Hans or zh-Hant, chosen per device like the site's language. One catalogue
// holds both spellings of each text side by side, so neither can be forgotten.
import { useSyncExternalStore } from 'react';
import { MESSAGES, type MessageKey } from './messages';

export type Locale = 'zh-Hans' | 'zh-Hant';
const KEY = 'kj_console_locale';
const listeners = new Set<() => void>();

function initial(): Locale {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'zh-Hans' || saved === 'zh-Hant') return saved;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return /^zh-(tw|hk|mo|hant)/i.test(navigator.language) ? 'zh-Hant' : 'zh-Hans';
}

let current: Locale = typeof navigator === 'undefined' ? 'zh-Hans' : initial();

export function setLocale(locale: Locale): void {
  current = locale;
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Kept for this visit only.
  }
  document.documentElement.lang = locale;
  for (const l of listeners) l();
}

export const getLocale = (): Locale => current;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function translate(
  locale: Locale,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  const [hans, hant] = MESSAGES[key];
  const text = locale === 'zh-Hant' ? hant : hans;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

export function useT(): T {
  const locale = useLocale();
  return (key, vars) => translate(locale, key, vars);
}
