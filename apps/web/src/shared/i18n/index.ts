export { LOCALES, DEFAULT_LOCALE, getLocale, setLocale, initLocale, useLocale } from './locale';
export type { Locale } from './locale';
export type { MessageKey } from './messages';
export { useT, translate, format, defineMessages, useMessages } from './use-t';
export { loadShellWords } from './shell-words';
