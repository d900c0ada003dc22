import { Type, type Static } from 'typebox';

/**
 * The picture library (图库): named series per game, a picture (or a set) per issue of a series.
 * The contract between the server's gallery routes, the visitor screens and the console
 * (docs/architecture.md §14). Paths are under /app-api/api/v2 (public), /app-api/api/user
 * (a member's own) and /app-api/admin (operators).
 */

export const GALLERY_SERIES_PAGE_SIZE = 24;
export const GALLERY_ISSUES_PAGE_SIZE = 30;
/** A year sheet holds every issue of one year of one series: a daily game has at most 366. */
export const GALLERY_YEAR_SHEET_MAX = 400;
export const GALLERY_SERIES_NAME_MAX = 20;
export const GALLERY_COMMENT_MAX = 200;
/** Days after its newest issue during which a series is marked 新. */
export const GALLERY_NEW_DAYS = 2;

/** Which versions a series draws: colour, black-and-white, or both of every issue. */
export const GalleryModesSchema = Type.Union(
  [Type.Literal('colour'), Type.Literal('mono'), Type.Literal('both')],
  { description: 'colour = 彩色, mono = 黑白, both = 彩色与黑白' },
);
export type GalleryModes = Static<typeof GalleryModesSchema>;

export const GalleryVariantSchema = Type.Union([Type.Literal('colour'), Type.Literal('mono')]);
export type GalleryVariant = Static<typeof GalleryVariantSchema>;

/** A picture as stored: one re-encoded file per size, both with their size for reserved boxes. */
export const GalleryImageSchema = Type.Object({
  /** About 360 px wide, for grids and year sheets. */
  thumb: Type.String(),
  /** About 800 px wide, for a phone's viewer. */
  phone: Type.String(),
  /** About 1600 px wide, for a desktop's viewer. */
  desktop: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type GalleryImage = Static<typeof GalleryImageSchema>;

export const SeriesCardSchema = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  name: Type.String(),
  /** Pinyin initials of the name, lower case (马会传真 → mhcz), for search. */
  initials: Type.String(),
  modes: GalleryModesSchema,
  /** The cover, or the newest issue's colour (else mono) picture; null for an empty series. */
  cover: Type.Union([GalleryImageSchema, Type.Null()]),
  /** The newest issue with a picture, or null. */
  latestIssue: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String({ format: 'date-time' }),
  /** Newest issue added within GALLERY_NEW_DAYS. */
  isNew: Type.Boolean(),
  views: Type.Integer(),
  likes: Type.Integer(),
  issueCount: Type.Integer(),
});
export type SeriesCard = Static<typeof SeriesCardSchema>;

/** GET /gallery/series?gameId&q&page&pageSize: most viewed first; q matches the name or initials. */
export const SeriesPageSchema = Type.Object({
  items: Type.Array(SeriesCardSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type SeriesPage = Static<typeof SeriesPageSchema>;

/** GET /gallery/series/:seriesId */
export const SeriesDetailSchema = Type.Object({
  ...SeriesCardSchema.properties,
  /** Years that have at least one issue, newest first (the year sheet's picker). */
  years: Type.Array(Type.Integer()),
});
export type SeriesDetail = Static<typeof SeriesDetailSchema>;

export const SeriesIssueCardSchema = Type.Object({
  issue: Type.String(),
  /** The issue's first picture in each version the series has. */
  colour: Type.Union([GalleryImageSchema, Type.Null()]),
  mono: Type.Union([GalleryImageSchema, Type.Null()]),
  publishedAt: Type.String({ format: 'date-time' }),
  likes: Type.Integer(),
  comments: Type.Integer(),
});
export type SeriesIssueCard = Static<typeof SeriesIssueCardSchema>;

/**
 * GET /gallery/series/:seriesId/issues?page&pageSize (newest first), or ?year=YYYY for the year
 * sheet (every issue of that year, newest first, page and pageSize ignored).
 */
export const SeriesIssuePageSchema = Type.Object({
  items: Type.Array(SeriesIssueCardSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type SeriesIssuePage = Static<typeof SeriesIssuePageSchema>;

export const SeriesPictureSchema = Type.Object({
  variant: GalleryVariantSchema,
  /** 0-based place in the issue's set of that variant. */
  position: Type.Integer({ minimum: 0 }),
  image: GalleryImageSchema,
  caption: Type.String(),
});
export type SeriesPicture = Static<typeof SeriesPictureSchema>;

/**
 * GET /gallery/series/:seriesId/issues/:issue (counts a view of the series). prev is the older
 * issue of the same series, next the newer; the series may skip issues, so these are the
 * neighbours that have pictures, not issue ± 1.
 */
export const SeriesIssueSchema = Type.Object({
  series: SeriesCardSchema,
  issue: Type.String(),
  publishedAt: Type.String({ format: 'date-time' }),
  pictures: Type.Array(SeriesPictureSchema),
  prev: Type.Union([Type.String(), Type.Null()]),
  next: Type.Union([Type.String(), Type.Null()]),
  /** The issue's draw once drawn (numbers in draw order, the last is 特码), else null. */
  result: Type.Union([Type.Array(Type.String(), { minItems: 7, maxItems: 7 }), Type.Null()]),
  likes: Type.Integer(),
  /** Whether this member (or, for a visitor, this device: header x-device-id) liked it. */
  liked: Type.Boolean(),
  comments: Type.Integer(),
});
export type SeriesIssue = Static<typeof SeriesIssueSchema>;

/** PUT / DELETE /gallery/series/:seriesId/issues/:issue/like: one like per member or device. */
export const GalleryLikeSchema = Type.Object({
  likes: Type.Integer(),
  liked: Type.Boolean(),
});
export type GalleryLike = Static<typeof GalleryLikeSchema>;

export const GalleryCommentSchema = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** Plain text, after the chat's word rules. */
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type GalleryComment = Static<typeof GalleryCommentSchema>;

/**
 * GET /gallery/series/:seriesId/issues/:issue/comments?before=<id> (newest first, 20 a page);
 * POST the same path with { text } (members only; the chat's word rules, limits and bans).
 */
export const GalleryCommentPageSchema = Type.Object({
  items: Type.Array(GalleryCommentSchema),
  /** Pass as before= for the next (older) page; null at the end. */
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});
export type GalleryCommentPage = Static<typeof GalleryCommentPageSchema>;

export const GalleryCommentInputSchema = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: GALLERY_COMMENT_MAX }) },
  { additionalProperties: false },
);

/** GET /app-api/api/user/gallery-favourites; PUT / DELETE …/gallery-favourites/:seriesId. */
export const GalleryFavouritesSchema = Type.Object({
  series: Type.Array(SeriesCardSchema),
});
export type GalleryFavourites = Static<typeof GalleryFavouritesSchema>;

// ── Operators (/app-api/admin/gallery/…) ──

export const AdminSeriesSchema = Type.Object({
  ...SeriesCardSchema.properties,
  position: Type.Integer(),
  hidden: Type.Boolean(),
  comments: Type.Integer(),
});
export type AdminSeries = Static<typeof AdminSeriesSchema>;

/** POST /admin/gallery/series; PUT /admin/gallery/series/:id takes any part of it. */
export const SeriesInputSchema = Type.Object(
  {
    gameId: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: GALLERY_SERIES_NAME_MAX }),
    modes: GalleryModesSchema,
    position: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    hidden: Type.Optional(Type.Boolean()),
    /** An issue of the series whose first picture is the cover; null = the newest issue's. */
    coverIssue: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type SeriesInput = Static<typeof SeriesInputSchema>;

/**
 * POST /admin/gallery/series/:id/uploads (multipart: files named by issue, e.g. 2026123.jpg,
 * 2026123-2.png, 2026123-mono.jpg, or one .zip of them) answers this preview without saving;
 * POST /admin/gallery/series/:id/uploads/:token saves what the preview showed.
 */
export const UploadPreviewSchema = Type.Object({
  token: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  files: Type.Array(
    Type.Object({
      name: Type.String(),
      /** The issue the file goes to, or null when the name gives none. */
      issue: Type.Union([Type.String(), Type.Null()]),
      variant: Type.Union([GalleryVariantSchema, Type.Null()]),
      position: Type.Union([Type.Integer(), Type.Null()]),
      /** Replaces a picture already there. */
      replaces: Type.Boolean(),
      /** Why the file will not be saved (不是图片, 期号不对, 重复 …), or null. */
      problem: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type UploadPreview = Static<typeof UploadPreviewSchema>;

export const UploadResultSchema = Type.Object({
  saved: Type.Integer(),
  issues: Type.Array(Type.String()),
});
export type UploadResult = Static<typeof UploadResultSchema>;

export const AdminGalleryCommentSchema = Type.Object({
  ...GalleryCommentSchema.properties,
  seriesId: Type.Integer(),
  seriesName: Type.String(),
  issue: Type.String(),
  memberId: Type.Integer(),
  hidden: Type.Boolean(),
});
export type AdminGalleryComment = Static<typeof AdminGalleryCommentSchema>;

/**
 * GET /admin/gallery/series?gameId&q&page&pageSize (hidden too, by position); GET, PUT, DELETE
 * /admin/gallery/series/:id; DELETE /admin/gallery/series/:id/issues/:issue removes an issue's
 * pictures; GET /admin/gallery/series/:id/issues?page&pageSize is the public issue list with
 * hidden series too.
 */
export const AdminSeriesPageSchema = Type.Object({
  items: Type.Array(AdminSeriesSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type AdminSeriesPage = Static<typeof AdminSeriesPageSchema>;

/**
 * GET /admin/gallery/comments?seriesId&before=<id> (newest first, 50 a page, hidden too);
 * PUT /admin/gallery/comments/:id with { hidden } hides or shows one.
 */
export const AdminGalleryCommentPageSchema = Type.Object({
  items: Type.Array(AdminGalleryCommentSchema),
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});
export type AdminGalleryCommentPage = Static<typeof AdminGalleryCommentPageSchema>;

export const GalleryCommentHideSchema = Type.Object(
  { hidden: Type.Boolean() },
  { additionalProperties: false },
);
