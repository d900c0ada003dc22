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

export const LatestDrawSchema = Type.Object({ ...DrawSnapshotSchema.properties, ...details });
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

export const DRAW_SOURCES = ['simulator', 'manual', 'upstream'] as const;
export type DrawSource = (typeof DRAW_SOURCES)[number];

export const DrawSourceSettingsSchema = Type.Object({
  gameId: Type.Integer(),
  source: Type.Union([Type.Literal('simulator'), Type.Literal('manual'), Type.Literal('upstream')]),
  /** Base URL of another kaijiang (http(s)://host[:port]); upstream only. */
  upstreamUrl: Type.Union([Type.String(), Type.Null()]),
  /** Game id on the upstream; defaults to the same id. */
  upstreamGameId: Type.Union([Type.Integer(), Type.Null()]),
});
export type DrawSourceSettings = Static<typeof DrawSourceSettingsSchema>;

const PerColumn = Type.Array(Type.Integer({ minimum: 0 }));

/** GET /draws/trend (DESIGN §11): rows oldest first; cells 0 where hit, else the omission. */
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
