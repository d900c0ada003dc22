// Static list (no file-system scanning) so migrations work the same from source, tests and bundles.
// Add a migration: create NNNN-name.ts exporting a Migration and append it here; never edit a
// released one.
import type { Migration } from 'kysely';
import { foundation } from './0001-foundation.ts';
import { draws } from './0002-draws.ts';
import { members } from './0003-members.ts';
import { content } from './0004-content.ts';
import { historyIndex } from './0005-history-index.ts';
import { prizes } from './0006-prizes.ts';
import { calendar } from './0007-calendar.ts';
import { chat } from './0008-chat.ts';
import { operators } from './0009-operators.ts';
import { galleryPictures } from './0010-gallery-pictures.ts';
import { drawDays } from './0011-draw-days.ts';
import { push } from './0012-push.ts';
import { operatorEnrolLinks } from './0014-operator-enrol-links.ts';
import { pushEndpoints } from './0015-push-endpoints.ts';
import { drawProvenance } from './0016-draw-provenance.ts';
import { feeds } from './0017-feeds.ts';
import { gallerySeries } from './0018-gallery-series.ts';

export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-draws': draws,
  '0003-members': members,
  '0004-content': content,
  '0005-history-index': historyIndex,
  '0006-prizes': prizes,
  '0007-calendar': calendar,
  '0008-chat': chat,
  '0009-operators': operators,
  '0010-gallery-pictures': galleryPictures,
  '0011-draw-days': drawDays,
  '0012-push': push,
  '0014-operator-enrol-links': operatorEnrolLinks,
  '0015-push-endpoints': pushEndpoints,
  '0016-draw-provenance': drawProvenance,
  '0017-feeds': feeds,
  '0018-gallery-series': gallerySeries,
};
