import { Type, type Static } from 'typebox';

export * from './live-constants.ts';
import type { PING_CONTENT } from './live-constants.ts';
import { HISTORY_MAX } from './live-constants.ts';

export const DrawStatusSchema = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('drawing'),
  Type.Literal('done'),
]);
export type DrawStatus = Static<typeof DrawStatusSchema>;

const BallSchema = Type.String({ pattern: '^(0[1-9]|[1-3][0-9]|4[0-9])$' });

/** Where a stored draw came from. */
export const DRAW_PROVENANCES = [
  'simulator',
  'manual',
  'kaijiang',
  'hkjc',
  'macaujc',
  'import',
] as const;
export type DrawProvenance = (typeof DRAW_PROVENANCES)[number];
export const isDrawProvenance = (x: unknown): x is DrawProvenance =>
  typeof x === 'string' && (DRAW_PROVENANCES as readonly string[]).includes(x);

export const DrawSchema = Type.Object({
  gameId: Type.Integer(),
  issue: Type.String(),
  status: DrawStatusSchema,
  /** Revealed so far, in draw order: six regular numbers, then the special. */
  numbers: Type.Array(BallSchema, { maxItems: 7 }),
  drawAt: Type.String({ format: 'date-time' }),
  /** Where the stored draw came from; absent on a draw only scheduled, not stored yet. */
  source: Type.Optional(
    Type.Union(
      [
        Type.Literal('simulator'),
        Type.Literal('manual'),
        Type.Literal('kaijiang'),
        Type.Literal('hkjc'),
        Type.Literal('macaujc'),
        Type.Literal('import'),
      ],
      {
        description: 'simulator | manual | kaijiang | hkjc | macaujc | import',
      },
    ),
  ),
});
export type Draw = Static<typeof DrawSchema>;

export const DrawSnapshotSchema = Type.Object({
  ...DrawSchema.properties,
  nextIssue: Type.String(),
  nextDrawAt: Type.String({ format: 'date-time' }),
  serverTime: Type.String({ format: 'date-time' }),
});
export type DrawSnapshot = Static<typeof DrawSnapshotSchema>;

export const FrameSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  command: Type.Integer(),
  content: Type.Union([Type.String(), Type.Object({})]),
});
export interface Frame<C = unknown> {
  id: string;
  command: number;
  content: C;
}

export const SubscribeContentSchema = Type.Object({
  gameIds: Type.Array(Type.Integer(), { minItems: 1, maxItems: 20 }),
});
export type SubscribeContent = Static<typeof SubscribeContentSchema>;

export const HistoryContentSchema = Type.Object({
  gameId: Type.Integer(),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_MAX })),
});
export type HistoryContent = Static<typeof HistoryContentSchema>;

export interface HistoryAnswer {
  gameId: number;
  draws: Draw[];
}

export interface RefusalContent {
  code: string;
  msg: string;
}

export type PingFrame = Frame<typeof PING_CONTENT>;
export type SnapshotFrame = Frame<DrawSnapshot>;
