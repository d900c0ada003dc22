import { Type, type Static } from 'typebox';
import { DrawSourceSettingsSchema } from './draw-api.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** Seconds after the draw time each result of a source arrived (its latest 30 results). */
export const FeedLagSchema = Type.Object({
  count: Type.Integer(),
  medianS: Type.Union([Type.Number(), Type.Null()]),
  p90S: Type.Union([Type.Number(), Type.Null()]),
});
export type FeedLag = Static<typeof FeedLagSchema>;

export const FeedStateSchema = Type.Object({
  position: Type.Integer(),
  kind: Type.String(),
  url: Type.String(),
  lastPollAt: Nullable(Type.String()),
  lastOkAt: Nullable(Type.String()),
  /** A summary of its last usable answer (JSON text). */
  lastAnswer: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  failures: Type.Integer(),
  lag: FeedLagSchema,
});
export type FeedState = Static<typeof FeedStateSchema>;

export const FeedDisputeSchema = Type.Object({
  issue: Type.String(),
  candidates: Type.Array(
    Type.Object({
      /** -1: the result already published. */
      position: Type.Integer(),
      kind: Type.String(),
      numbers: Type.Array(Type.String()),
    }),
  ),
  openedAt: Type.String(),
});
export type FeedDispute = Static<typeof FeedDisputeSchema>;

export const FeedAlertSchema = Type.Object({
  level: Type.Union([Type.Literal('warn'), Type.Literal('error')]),
  text: Type.String(),
});
export type FeedAlert = Static<typeof FeedAlertSchema>;

/** GET /app-api/admin/games/:gameId/sources */
export const FeedOverviewSchema = Type.Object({
  settings: DrawSourceSettingsSchema,
  states: Type.Array(FeedStateSchema),
  disputes: Type.Array(FeedDisputeSchema),
  alerts: Type.Array(FeedAlertSchema),
});
export type FeedOverview = Static<typeof FeedOverviewSchema>;

/** POST /app-api/admin/games/:gameId/sources/test: one question to a feed, now. */
export const FeedTestResultSchema = Type.Object({
  ok: Type.Boolean(),
  answer: Nullable(Type.String()),
  error: Nullable(Type.String()),
  ms: Type.Integer(),
});
export type FeedTestResult = Static<typeof FeedTestResultSchema>;

/** Median and 90th percentile (nearest rank) of lags in seconds. */
export function lagStats(lags: readonly number[]): FeedLag {
  if (lags.length === 0) return { count: 0, medianS: null, p90S: null };
  const s = [...lags].sort((a, b) => a - b);
  const rank = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  const mid = s.length / 2;
  const medianS = s.length % 2 ? s[Math.floor(mid)]! : (s[mid - 1]! + s[mid]!) / 2;
  return { count: s.length, medianS, p90S: rank(0.9) };
}
