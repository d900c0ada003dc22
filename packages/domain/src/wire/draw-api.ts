import { Type, type Static } from 'typebox';
import { DrawSchema, DrawSnapshotSchema } from './live.ts';
import { PrizeRecordSchema } from './prizes.ts';

/** Schemas of the public draw API (v2 base); the server validates answers against them. */
export const BallDetailSchema = Type.Object({
  number: Type.String(),
  colour: Type.String({ description: 'red | blue | green' }),
  colourZh: Type.String(),
  zodiac: Type.String({ description: 'rat … pig, in the lunar year of the draw' }),
  zodiacZh: Type.String(),
  element: Type.String({ description: 'metal | wood | water | fire | earth' }),
  elementZh: Type.String(),
  size: Type.String({ description: 'big | small' }),
  sizeZh: Type.String(),
  parity: Type.String({ description: 'odd | even' }),
  parityZh: Type.String(),
});

export const SumDetailSchema = Type.Object({
  sum: Type.Integer(),
  size: Type.String({ description: 'big (>= 175) | small' }),
  sizeZh: Type.String(),
  parity: Type.String(),
  parityZh: Type.String(),
});

const details = {
  lunarYear: Type.Integer({ description: 'lunar year whose zodiac and elements apply' }),
  balls: Type.Array(BallDetailSchema),
  sum: Type.Union([SumDetailSchema, Type.Null()], { description: 'null until all 7 are out' }),
  prizes: Type.Optional(
    Type.Unsafe<Static<typeof PrizeRecordSchema>>({
      ...PrizeRecordSchema,
      description:
        'Hong Kong game (111) only, once the dividends are in: divisions, turnover, jackpot',
    }),
  ),
};

export const DrawDetailSchema = Type.Object({ ...DrawSchema.properties, ...details });
export type DrawDetail = Static<typeof DrawDetailSchema>;

/** What the official feed announces before a draw (Hong Kong): its first prize and sale close. */
export const UpcomingDrawSchema = Type.Object({
  issue: Type.String(),
  /** Estimated first-division prize, HKD; null when not announced. */
  estimatedPrize: Type.Union([Type.Integer(), Type.Null()]),
  /** When sales close (ISO), null when not announced. */
  salesCloseAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type UpcomingDraw = Static<typeof UpcomingDrawSchema>;

export const LatestDrawSchema = Type.Object({
  ...DrawSnapshotSchema.properties,
  ...details,
  upcoming: Type.Optional(UpcomingDrawSchema),
});
export type LatestDraw = Static<typeof LatestDrawSchema>;

export const DRAW_PAGE_SIZE_MAX = 100;

export const DrawHistoryPageSchema = Type.Object({
  items: Type.Array(DrawDetailSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  /** Years that have finished draws, newest first. */
  years: Type.Array(Type.Integer()),
});
export type DrawHistoryPage = Static<typeof DrawHistoryPageSchema>;

const Counts = Type.Record(Type.String(), Type.Integer());

export const DrawStatsSchema = Type.Object({
  gameId: Type.Integer(),
  /** Finished draws considered (at most the requested window). */
  window: Type.Integer(),
  scope: Type.String({ description: 'all | regular | special' }),
  from: Type.Union([Type.String(), Type.Null()], { description: 'issue of the oldest draw' }),
  to: Type.Union([Type.String(), Type.Null()], { description: 'issue of the newest draw' }),
  frequency: Counts,
  missing: Counts,
  hot: Type.Array(Type.Object({ number: Type.String(), count: Type.Integer() })),
  cold: Type.Array(Type.Object({ number: Type.String(), count: Type.Integer() })),
  distributions: Type.Object({
    colour: Counts,
    zodiac: Counts,
    element: Counts,
    size: Counts,
    parity: Counts,
  }),
});
export type DrawStats = Static<typeof DrawStatsSchema>;

export const DRAW_SOURCES = ['simulator', 'manual', 'kaijiang', 'hkjc', 'macaujc'] as const;
export type DrawSource = (typeof DRAW_SOURCES)[number];
/** Kinds read from another service, polled by the engine. */
export const FEED_KINDS = ['kaijiang', 'hkjc', 'macaujc'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const isFeedKind = (k: string): k is FeedKind =>
  (FEED_KINDS as readonly string[]).includes(k);

export const DrawSourceKindSchema = Type.Union([
  Type.Literal('simulator'),
  Type.Literal('manual'),
  Type.Literal('kaijiang'),
  Type.Literal('hkjc'),
  Type.Literal('macaujc'),
]);
/** One entry of a game's ordered source list (the first is the primary). */
export const SourceEntrySchema = Type.Object({
  kind: DrawSourceKindSchema,
  /** Base address of the feed; null takes the kind's default (hkjc's public service). */
  url: Type.Union([Type.String(), Type.Null()]),
  /** The feed's name for the game (kaijiang: its game id; macaujc: e.g. macaujc2). */
  remote: Type.Union([Type.String(), Type.Null()]),
});
export type SourceEntry = Static<typeof SourceEntrySchema>;

export const GRACE_S_DEFAULT = 60;
export const LATE_S_DEFAULT = 120;

export const DrawSourceSettingsSchema = Type.Object({
  gameId: Type.Integer(),
  /** The primary's kind. */
  source: DrawSourceKindSchema,
  /** Base URL of another kaijiang (http(s)://host[:port]) when the primary is one. */
  upstreamUrl: Type.Union([Type.String(), Type.Null()]),
  /** Game id on that kaijiang; defaults to the same id. */
  upstreamGameId: Type.Union([Type.Integer(), Type.Null()]),
  /** Primary first, then the backups in order. */
  sources: Type.Array(SourceEntrySchema),
  /** Seconds a backup's result waits for the primary's. */
  graceS: Type.Integer(),
  /** Seconds after the draw time without a result before the draw shows as delayed. */
  lateS: Type.Integer(),
});
export type DrawSourceSettings = Static<typeof DrawSourceSettingsSchema>;

const PerColumn = Type.Array(Type.Integer({ minimum: 0 }));

/** GET /draws/trend (docs/architecture.md §11): rows oldest first; cells 0 where hit, else the omission. */
export const DrawTrendSchema = Type.Object({
  gameId: Type.Integer(),
  kind: Type.String(),
  columns: Type.Array(Type.String()),
  rows: Type.Array(
    Type.Object({
      issue: Type.String(),
      drawAt: Type.String(),
      hits: Type.Array(Type.String()),
      cells: PerColumn,
      /** Columns the draw could not have hit (numbers above its era's range). */
      off: Type.Optional(PerColumn),
    }),
  ),
  stats: Type.Object({
    appear: PerColumn,
    maxMiss: PerColumn,
    avgMiss: PerColumn,
    maxStreak: PerColumn,
  }),
});
export type DrawTrend = Static<typeof DrawTrendSchema>;

/** GET /draws/search: the matching finished draws, newest first. */
export const DrawSearchPageSchema = Type.Object({
  items: Type.Array(DrawDetailSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  /** Finished draws looked at (the date range). */
  scanned: Type.Integer(),
});
export type DrawSearchPage = Static<typeof DrawSearchPageSchema>;
