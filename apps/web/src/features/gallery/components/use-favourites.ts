import type { SeriesCard } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { storage } from '@/shared/storage/storage';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { useGalleryFavouritesQuery } from '../api/member-favourites';
import { useGalleryFavouriteMutation } from '../api/set-favourite';
import { parseFavourites, toggled, type FavouriteCard } from '../model/device';

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: FavouriteCard[] } = { raw: null, list: [] };
const EMPTY: FavouriteCard[] = [];

function readDevice(): FavouriteCard[] {
  const raw = storage.get('kj_gallery_favourites');
  if (raw !== cache.raw) cache = { raw, list: parseFavourites(raw) };
  return cache.list;
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab's change (localStorage only; the other backends have no event).
  const onStorage = (e: StorageEvent) => e.key === 'kj_gallery_favourites' && onChange();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function writeDevice(list: FavouriteCard[]) {
  storage.set('kj_gallery_favourites', JSON.stringify(list));
  for (const l of listeners) l();
}

export interface Favourites {
  /** Newest first; null while a member's list loads. */
  list: FavouriteCard[] | null;
  has: (seriesId: number) => boolean;
  /** Adds or removes; rejects when the member's server refused. */
  set: (series: SeriesCard, on: boolean) => Promise<void>;
  busy: boolean;
}

/**
 * Favourite series: a member's on the account (GET/PUT/DELETE /api/user/gallery-favourites), a
 * visitor's on the device (issue 45). The server renders for nobody: a device's list is read
 * after the page is the app's (the server snapshot is empty).
 */
export function useFavourites(): Favourites {
  const signedIn = useAppSelector(selectSignedIn);
  const member = useGalleryFavouritesQuery(signedIn ? undefined : skipToken);
  const [mutate, state] = useGalleryFavouriteMutation();
  const device = useSyncExternalStore(subscribe, readDevice, () => EMPTY);
  const list: FavouriteCard[] | null = signedIn ? (member.data?.series ?? null) : device;
  const ids = useMemo(() => new Set((list ?? []).map((s) => s.id)), [list]);
  const set = useCallback(
    async (series: SeriesCard, on: boolean) => {
      if (signedIn) await mutate({ series, on }).unwrap();
      else writeDevice(toggled(readDevice(), series, on));
    },
    [signedIn, mutate],
  );
  return { list, has: (id) => ids.has(id), set, busy: state.isLoading };
}
