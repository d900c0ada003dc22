// A series form's fields as typed and what the server will accept (SeriesInputSchema of
// packages/domain/src/wire/gallery-series.ts): checked here first so each field says what is
// wrong in Chinese before anything is sent.
import {
  GALLERY_SERIES_NAME_MAX,
  type AdminSeries,
  type GalleryModes,
  type SeriesInput,
} from '@kaijiang/domain';
import type { T } from '../../shared/i18n';

export interface SeriesDraft {
  gameId: number;
  name: string;
  modes: GalleryModes;
  /** As typed: a whole number, may be empty (0). */
  position: string;
  hidden: boolean;
  /** As typed: an issue of the series, or empty for the newest. */
  coverIssue: string;
}

export type SeriesField = 'gameId' | 'name' | 'position' | 'coverIssue';

export const draftOf = (s: AdminSeries | null, gameId: number): SeriesDraft =>
  s
    ? {
        gameId: s.gameId,
        name: s.name,
        modes: s.modes,
        position: String(s.position),
        hidden: s.hidden,
        coverIssue: '',
      }
    : { gameId, name: '', modes: 'colour', position: '0', hidden: false, coverIssue: '' };

/** The input to send, or each wrong field's message. */
export function checkSeries(
  d: SeriesDraft,
  t: T,
):
  | { input: SeriesInput; errors: null }
  | { input: null; errors: Partial<Record<SeriesField, string>> } {
  const errors: Partial<Record<SeriesField, string>> = {};
  const name = d.name.trim();
  if (!name) errors.name = t('gallery.err.name');
  // Counted in characters as people read them (a CJK glyph is one).
  else if ([...name].length > GALLERY_SERIES_NAME_MAX)
    errors.name = t('gallery.err.nameLong', { max: GALLERY_SERIES_NAME_MAX });
  if (!Number.isInteger(d.gameId) || d.gameId < 1) errors.gameId = t('gallery.err.game');
  const positionText = d.position.trim() || '0';
  const position = Number(positionText);
  if (!/^-?\d+$/.test(positionText) || Math.abs(position) > 100_000)
    errors.position = t('gallery.err.position');
  const cover = d.coverIssue.trim();
  if (cover && !/^\d{1,16}$/.test(cover)) errors.coverIssue = t('gallery.err.cover');
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      gameId: d.gameId,
      name,
      modes: d.modes,
      position,
      hidden: d.hidden,
      ...(cover && { coverIssue: cover }),
    },
    errors: null,
  };
}
