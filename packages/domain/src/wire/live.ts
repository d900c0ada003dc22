import { Type, type Static } from 'typebox';

export * from './live-constants.ts';
import type { PING_CONTENT } from './live-constants.ts';
import { HISTORY_MAX } from './live-constants.ts';

/**
 * `delayed`: a game fed by a real source has no result some time after its draw time;
 * `disputed`: two feeds gave different numbers, only the balls they share are shown.
 */
export const DrawStatusSchema = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('drawing'),
  Type.Literal('done'),
  Type.Literal('delayed'),
  Type.Literal('disputed'),
]);
export type DrawStatus = Static<typeof DrawStatusSchema>;

/** Where a stored draw came from. */
export const DRAW_ORIGINS = [
  'simulator',
  'manual',
  'kaijiang',
  'hkjc',
  'macaujc',
  'import',
] as const;
export type DrawOrigin = (typeof DRAW_ORIGINS)[number];
export const isDrawOrigin = (x: unknown): x is DrawOrigin =>
  typeof x === 'string' && (DRAW_ORIGINS as readonly string[]).includes(x);
export const DrawOriginSchema = Type.Union([
  Type.Literal('simulator'),
  Type.Literal('manual'),
  Type.Literal('kaijiang'),
  Type.Literal('hkjc'),
  Type.Literal('macaujc'),
  Type.Literal('import'),
]);

const BallSchema = Type.String({ pattern: '^(0[1-9]|[1-3][0-9]|4[0-9])$' });

export const DrawSchema = Type.Object({
  gameId: Type.Integer(),
  issue: Type.String(),
  status: DrawStatusSchema,
  /** Revealed so far, in draw order: six regular numbers, then the special. */
  numbers: Type.Array(BallSchema, { maxItems: 7 }),
  drawAt: Type.String({ format: 'date-time' }),
  /** Where the result came from; `simulator` results are shown marked as simulated. */
  source: Type.Optional(DrawOriginSchema),
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
