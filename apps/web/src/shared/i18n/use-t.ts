import { useCallback } from 'react';
import { getLocale, useLocale, type Locale } from './locale';
import type { MessageKey } from './messages';
import { shellWords } from './shell-words';

export type Params = Record<string, string | number>;

export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Outside React (document.title, toasts): the shell words in the current language. */
export function translate(key: MessageKey, params?: Params, locale: Locale = getLocale()): string {
  return format(shellWords(locale)[key], params);
}

export function useT(): (key: MessageKey, params?: Params) => string {
  const locale = useLocale();
  return useCallback((key, params) => translate(key, params, locale), [locale]);
}

/**
 * A screen's own words, declared beside it so they load with its chunk:
 * `const words = defineMessages({ 'zh-Hans': {...}, 'zh-Hant': {...} })`.
 */
export function defineMessages<M extends Record<string, string>>(
  dict: { 'zh-Hans': M } & { 'zh-Hant': Record<keyof M, string> },
): Record<Locale, Record<keyof M, string>> {
  return dict;
}

export function useMessages<K extends string>(dict: Record<Locale, Record<K, string>>) {
  return dict[useLocale()];
}
