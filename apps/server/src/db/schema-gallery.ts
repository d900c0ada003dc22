// Row types of the picture library's tables (migration 0018, docs/architecture.md §14); the
// database's whole shape is db/schema.ts.
import type { Generated } from 'kysely';
import type { Flag } from './schema.ts';

/** 0018-gallery-series (docs/architecture.md §14). */
export interface GallerySeriesTable {
  id: Generated<number>;
  game_id: number;
  name: string;
  initials: string;
  modes: string;
  position: Generated<number>;
  hidden: Generated<Flag>;
  cover_issue: string | null;
  views: Generated<number>;
  likes: Generated<number>;
  issue_count: Generated<number>;
  latest_issue: string | null;
  latest_at: string | null;
  /** JSON GalleryImage. */
  cover: string | null;
  created_at: string;
  updated_at: string;
}

export interface GallerySeriesIssueTable {
  id: Generated<number>;
  series_id: number;
  issue: string;
  year: number;
  published_at: string;
  likes: Generated<number>;
  comments: Generated<number>;
}

export interface GallerySeriesPictureTable {
  id: Generated<number>;
  issue_id: number;
  variant: string;
  position: number;
  thumb: string;
  phone: string;
  desktop: string;
  width: number;
  height: number;
  caption: Generated<string>;
}

export interface GalleryLikeTable {
  issue_id: number;
  liker: string;
  created_at: string;
}

export interface GalleryFavouriteTable {
  member_id: number;
  series_id: number;
  created_at: string;
}

export interface GalleryCommentTable {
  id: Generated<number>;
  issue_id: number;
  member_id: number;
  text: string;
  hidden: Generated<Flag>;
  created_at: string;
}
