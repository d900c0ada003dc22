import type { Locale } from './locale';
import { zhHans, type Messages } from './messages';

const loaded: Partial<Record<Locale, Messages>> = { 'zh-Hans': zhHans };

/** The shell's words in a language, Simplified until that language's have loaded. */
export const shellWords = (locale: Locale): Messages => loaded[locale] ?? zhHans;

/** Loads a language's shell words; call before switching to it (start-up, the language button). */
export async function loadShellWords(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  if (locale === 'zh-Hant') loaded[locale] = (await import('./messages-hant')).zhHant;
}
