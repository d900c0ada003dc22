import { Type, type Static } from 'typebox';

/** The prize record of a Hong Kong style draw (game 111), as the official results show it. */
export const PrizeDivisionSchema = Type.Object({
  division: Type.Integer({ minimum: 1, maximum: 7 }),
  /** Units won; Hong Kong counts part units to a tenth (0.5, 5685.2). */
  winners: Type.Number({ minimum: 0, maximum: 100_000_000 }),
  /** HKD paid per unit; null when nobody won the division. */
  // Null first: a validator that coerces types would otherwise read null as 0.
  dividend: Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 10_000_000_000 })]),
});
export type PrizeDivision = Static<typeof PrizeDivisionSchema>;

const prizeFields = {
  /** Divisions 1 to 7, in order. */
  divisions: Type.Array(PrizeDivisionSchema, { minItems: 7, maxItems: 7 }),
  /** Total stakes of the draw, HKD. */
  turnover: Type.Integer({ minimum: 0, maximum: 100_000_000_000 }),
  /** First-division fund carried to the next draw, HKD (0 when it was won). */
  jackpot: Type.Integer({ minimum: 0, maximum: 100_000_000_000 }),
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
