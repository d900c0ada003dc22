import { describe, expect, it } from 'vitest';
import { GAMES } from '@/test/fixtures';
import { SERIES } from '@/test/gallery-fixtures';
import { DEVICE_FAVOURITES_MAX, parseFavourites, toggled } from './device';
import { cleanSearch, gridChoice, idOf, issueYear } from './gallery-address';

describe('device favourites', () => {
  it('reads the kept list as hostile input', () => {
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites('{"id":1}')).toEqual([]);
    const kept = parseFavourites(
      JSON.stringify([
        { ...SERIES[0], cover: { thumb: 1 } },
        { id: 2 },
        null,
        { id: 3, gameId: 110, name: 'x'.repeat(500) },
      ]),
    );
    expect(kept.map((c) => c.id)).toEqual([1, 3]);
    expect(kept[0]?.cover).toBeNull();
    expect(kept[1]?.name).toHaveLength(40);
  });

  it('adds newest first, removes, and keeps at most the cap', () => {
    let list = parseFavourites(null);
    for (let i = 1; i <= DEVICE_FAVOURITES_MAX + 5; i += 1) {
      list = toggled(list, { ...SERIES[0]!, id: i }, true);
    }
    expect(list).toHaveLength(DEVICE_FAVOURITES_MAX);
    expect(list[0]?.id).toBe(DEVICE_FAVOURITES_MAX + 5);
    expect(toggled(list, { ...SERIES[0]!, id: list[0]!.id }, false)[0]?.id).toBe(
      DEVICE_FAVOURITES_MAX + 4,
    );
  });
});

describe('gallery addresses', () => {
  it('cleans the search and picks the grid from ?game', () => {
    expect(cleanSearch('  MH  cz ')).toBe('mh cz');
    expect(cleanSearch('x'.repeat(99))).toHaveLength(20);
    const games = GAMES.filter((g) => g.id !== 120);
    expect(gridChoice(games, new URLSearchParams('game=111&q=PGT')).arg).toEqual({
      gameId: 111,
      q: 'pgt',
    });
    expect(gridChoice(games, new URLSearchParams('game=999')).gameId).toBe(110);
    expect(gridChoice(games, new URLSearchParams('game=fav')).favourites).toBe(true);
  });

  it('takes only plain ids and an issue year', () => {
    expect(idOf('12')).toBe(12);
    expect(idOf('0')).toBeNull();
    expect(idOf('1e3')).toBeNull();
    expect(idOf('9999999999')).toBeNull();
    expect(issueYear('2026123', '2027-01-01T00:00:00Z')).toBe(2026);
    expect(issueYear('123', '2027-01-01T00:00:00Z')).toBe(2027);
  });
});

describe('gallery picture addresses', () => {
  it("keeps the API's own demo sheets on the API's path and uploads under /sys-upload", async () => {
    const { imageSrc } = await import('./image-src');
    expect(imageSrc('/app-api/api/v2/gallery/demo/110/1/2026001-colour.svg')).toBe(
      '/app-api/api/v2/gallery/demo/110/1/2026001-colour.svg',
    );
    expect(imageSrc('gallery/ab/cd.jpg')).toBe('/sys-upload/gallery/ab/cd.jpg');
  });
});
