import type { Locale } from './locale';
import { zhHans, type Messages } from './messages';
import { loadScriptLayer } from './script-layer';

const loaded: Partial<Record<Locale, Messages>> = { 'zh-Hans': zhHans };

/** The shell's words in a language, Simplified until that language's have loaded. */
export const shellWords = (locale: Locale): Messages => loaded[locale] ?? zhHans;

/** Loads a language's shell words; call before switching to it (start-up, the language button). */
export async function loadShellWords(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  // The server's text is converted by a layer of its own, fetched beside the words: the first
  // screen a 繁 reader sees is Traditional throughout.
  if (locale === 'zh-Hant')
    [loaded[locale]] = await Promise.all([
      import('./messages-hant').then((m) => m.zhHant),
      // Not past 3 s: the page then starts, and the layer converts it when it comes.
      typeof document === 'undefined'
        ? null
        : Promise.race([loadScriptLayer(), new Promise((r) => setTimeout(r, 3000))]),
    ]);
}
