import { Type, type Static } from 'typebox';

/**
 * A number or null in one `type` list, not a union: a validator that coerces types (the
 * server's) would turn 0 into null through a null branch tried first, or null into 0 through a
 * number branch; with both types in one list it coerces neither.
 */
const nullable = (type: 'number' | 'integer', maximum: number) =>
  Type.Unsafe<number | null>({ type: [type, 'null'], minimum: 0, maximum });

/** The prize record of a Hong Kong style draw (game 111), as the official results show it. */
export const PrizeDivisionSchema = Type.Object({
  division: Type.Integer({ minimum: 1, maximum: 7 }),
  /**
   * Units won, to a tenth (part-unit bets); null when not published (the oldest draws list the
   * first division's dividend only).
   */
  winners: nullable('number', 100_000_000),
  /** HKD paid per unit; null when nobody won the division. */
  // Null first: a validator that coerces types would otherwise read null as 0.
  dividend: Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 10_000_000_000 })]),
});
export type PrizeDivision = Static<typeof PrizeDivisionSchema>;

const prizeFields = {
  /** Divisions from 1, in order: 7 today, fewer in old draws (1 until 2000, 6 until 2002). */
  divisions: Type.Array(PrizeDivisionSchema, { minItems: 1, maxItems: 7 }),
  /** Total stakes of the draw, HKD; null when not published. */
  turnover: nullable('integer', 100_000_000_000),
  /** First-division fund carried to the next draw, HKD (0 when it was won; null unpublished). */
  jackpot: nullable('integer', 100_000_000_000),
  /** What one unit cost in that draw, HKD: dividends are per unit of it. */
  unitStake: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  /** The snowball draw's name (e.g. 金多宝), null on an ordinary draw. */
  snowball: Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 40 })]),
};

/** What an operator enters (admin API, CLI) or an upstream sends. */
export const PrizeInputSchema = Type.Object(prizeFields, { additionalProperties: false });
export type PrizeInput = Static<typeof PrizeInputSchema>;

export const PrizeRecordSchema = Type.Object({
  ...prizeFields,
  updatedAt: Type.String({ format: 'date-time', description: 'when the record was entered' }),
});
export type PrizeRecord = Static<typeof PrizeRecordSchema>;
