import { isZodiac, SEARCH_POSITIONS, type SearchPosition, type Zodiac } from '@kaijiang/domain';

/** A search as the address holds it (?tab=search&numbers=07,12&position=any&zodiac=…). */
export interface SearchQuery {
  numbers: string[];
  position: SearchPosition;
  zodiac?: Zodiac;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the visitor typed as numbers: 1–7 numbers 1–49, or null when that is not it. */
export function parseNumbers(text: string): string[] | null {
  const parts = text.split(/[\s,，、]+/).filter(Boolean);
  if (parts.length > 7) return null;
  const out: string[] = [];
  for (const p of parts) {
    if (!/^\d{1,2}$/.test(p) || Number(p) < 1 || Number(p) > 49) return null;
    const ball = p.padStart(2, '0');
    if (!out.includes(ball)) out.push(ball);
  }
  return out;
}

export function readSearchQuery(search: URLSearchParams): SearchQuery | null {
  const numbers = parseNumbers(search.get('numbers') ?? '') ?? [];
  const position = search.get('position');
  const zodiac = search.get('zodiac');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const q: SearchQuery = {
    numbers,
    position: (SEARCH_POSITIONS as readonly string[]).includes(position ?? '')
      ? (position as SearchPosition)
      : 'any',
    ...(isZodiac(zodiac) ? { zodiac } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
  };
  const asks = q.numbers.length > 0 || q.zodiac || q.from || q.to;
  return asks ? q : null;
}

export function writeSearchQuery(out: URLSearchParams, q: SearchQuery | null): void {
  for (const key of ['numbers', 'position', 'zodiac', 'from', 'to']) out.delete(key);
  if (!q) return;
  if (q.numbers.length) out.set('numbers', q.numbers.join(','));
  out.set('position', q.position);
  if (q.zodiac) out.set('zodiac', q.zodiac);
  if (q.from) out.set('from', q.from);
  if (q.to) out.set('to', q.to);
}
