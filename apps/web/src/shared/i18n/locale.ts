import { useSyncExternalStore } from 'react';
import { storage } from '../storage/storage';
import { applyScript } from './script-layer';

export const LOCALES = ['zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-Hans';

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

let current: Locale = readStoredLocale();
const listeners = new Set<() => void>();

function readStoredLocale(): Locale {
  try {
    const stored = storage.get('locale');
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function applyToDocument(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function getLocale(): Locale {
  return current;
}

/** Switches the language everywhere, remembers it and tells assistive tech via `<html lang>`. */
export function setLocale(locale: Locale): void {
  if (!isLocale(locale)) return;
  storage.set('locale', locale);
  applyToDocument(locale);
  if (locale === current) return;
  current = locale;
  void applyScript(locale);
  for (const listener of listeners) listener();
}

/** Called once at start-up so the stored choice reaches `<html lang>` before the first paint. */
export function initLocale(): Locale {
  current = readStoredLocale();
  applyToDocument(current);
  void applyScript(current);
  return current;
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, () => DEFAULT_LOCALE);
}
