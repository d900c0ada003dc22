import type { SeriesCard } from '@kaijiang/domain';
import { storage } from '@/shared/storage/storage';

/**
 * This device's id for likes (header x-device-id, packages/domain/src/wire/gallery-series.ts): a
 * random id made once and kept, so a visitor likes a picture once. Null on the server, which
 * renders for nobody.
 */
export function deviceId(): string | null {
  if (typeof window === 'undefined') return null;
  const kept = storage.get('kj_device_id');
  if (kept && /^[0-9a-z-]{16,64}$/i.test(kept)) return kept;
  const made =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
          b.toString(16).padStart(2, '0'),
        ).join('');
  storage.set('kj_device_id', made);
  return made;
}

/** A visitor's favourites are kept on the device, at most this many (the newest first). */
export const DEVICE_FAVOURITES_MAX = 100;

/** What a device keeps of a favourite series: enough to show its card in the 收藏 tab. */
export type FavouriteCard = Pick<
  SeriesCard,
  'id' | 'gameId' | 'name' | 'initials' | 'cover' | 'latestIssue' | 'isNew'
>;

const isImage = (v: unknown): v is NonNullable<SeriesCard['cover']> => {
  const o = v as Record<string, unknown> | null;
  return (
    !!o &&
    typeof o === 'object' &&
    ['thumb', 'phone', 'desktop'].every((k) => typeof o[k] === 'string') &&
    Number.isInteger(o.width) &&
    Number.isInteger(o.height)
  );
};

/** The kept list, read as hostile input: anything not shaped as a card is dropped. */
export function parseFavourites(raw: string | null): FavouriteCard[] {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: FavouriteCard[] = [];
  for (const v of value.slice(0, DEVICE_FAVOURITES_MAX)) {
    const o = v as Record<string, unknown> | null;
    if (!o || typeof o !== 'object') continue;
    if (!Number.isInteger(o.id) || !Number.isInteger(o.gameId) || typeof o.name !== 'string')
      continue;
    out.push({
      id: o.id as number,
      gameId: o.gameId as number,
      name: o.name.slice(0, 40),
      initials: typeof o.initials === 'string' ? o.initials.slice(0, 40) : '',
      cover: isImage(o.cover) ? o.cover : null,
      latestIssue: typeof o.latestIssue === 'string' ? o.latestIssue.slice(0, 16) : null,
      isNew: false,
    });
  }
  return out;
}

export const cardOf = (s: FavouriteCard): FavouriteCard => ({
  id: s.id,
  gameId: s.gameId,
  name: s.name,
  initials: s.initials,
  cover: s.cover,
  latestIssue: s.latestIssue,
  isNew: s.isNew,
});

/** The list with `card` added first (or removed), within DEVICE_FAVOURITES_MAX. */
export function toggled(list: FavouriteCard[], card: FavouriteCard, on: boolean): FavouriteCard[] {
  const rest = list.filter((c) => c.id !== card.id);
  return (on ? [cardOf(card), ...rest] : rest).slice(0, DEVICE_FAVOURITES_MAX);
}
