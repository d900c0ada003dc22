import { colourOf, COLOUR_INFO, type TrendKind } from '@kaijiang/domain';
import type { Locale } from '@/shared/i18n';

// Columns come from the API in Simplified Chinese (docs/architecture.md §11); these are the characters that
// differ in Traditional.
const HANT: Record<string, string> = {
  红: '紅',
  蓝: '藍',
  绿: '綠',
  龙: '龍',
  马: '馬',
  鸡: '雞',
  猪: '豬',
  单: '單',
  双: '雙',
  总: '總',
};

export const columnLabel = (label: string, locale: Locale) =>
  locale === 'zh-Hant' ? label.replace(/[红蓝绿龙马鸡猪单双总]/g, (c) => HANT[c] ?? c) : label;

const NUMBER_KINDS: ReadonlySet<TrendKind> = new Set([
  'special',
  'regular',
  'position-1',
  'position-2',
  'position-3',
  'position-4',
  'position-5',
  'position-6',
]);

const WAVES: Record<string, string> = {
  红波: COLOUR_INFO.red.hex,
  蓝波: COLOUR_INFO.blue.hex,
  绿波: COLOUR_INFO.green.hex,
};

/** A hit's ball colour: a number's colour wave, a wave its own; other kinds the brand colour. */
export function hitColour(kind: TrendKind, column: string, brand: string): string {
  if (NUMBER_KINDS.has(kind)) return COLOUR_INFO[colourOf(column)].hex;
  return WAVES[column] ?? brand;
}

/** One hit a row: its hits are joined draw to draw by a line (the 折线 of a 走势图). */
export const hasLine = (kind: TrendKind) => kind !== 'regular';
