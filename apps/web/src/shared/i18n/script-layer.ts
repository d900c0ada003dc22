import type { Locale } from './locale';
import type * as ToTraditional from './to-traditional';

type Layer = typeof ToTraditional;
let layer: Promise<Layer> | null = null;
let wanted: Locale | null = null;

/** The converter's chunk (with its dictionary), fetched once and only for 繁. */
export function loadScriptLayer(): Promise<Layer> {
  return (layer ??= import('./to-traditional'));
}

/** Puts the whole page in the script of `locale`, from now on (see to-traditional.ts). */
export async function applyScript(locale: Locale): Promise<void> {
  if (typeof document === 'undefined') return;
  wanted = locale;
  if (locale !== 'zh-Hant' && !layer) return;
  const m = await loadScriptLayer();
  // A quicker second choice wins over a first whose chunk was still on its way.
  if (wanted === 'zh-Hant') m.start();
  else m.stop();
}
