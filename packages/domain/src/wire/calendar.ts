import { Type, type Static } from 'typebox';

/** A local calendar day, YYYY-MM-DD. */
export const LocalDateSchema = Type.String({
  pattern: '^(19|20|21)\\d\\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: "a day in the game's time zone, YYYY-MM-DD",
});

export const CalendarChangeKindSchema = Type.Union(
  [Type.Literal('moved'), Type.Literal('skipped'), Type.Literal('added')],
  {
    description:
      'moved: the draw of `date` takes place at `drawAt` instead; skipped: `date` has no draw; ' +
      'added: an extra draw at `drawAt`, on `date`',
  },
);
export type CalendarChangeKind = Static<typeof CalendarChangeKindSchema>;

const changeFields = {
  kind: CalendarChangeKindSchema,
  /** The new instant of a moved draw, the instant of an added one; null for a skipped day. */
  // Null first: a validator that coerces types would otherwise read null as a string.
  drawAt: Type.Union([Type.Null(), Type.String({ format: 'date-time' })]),
  /** Why, for visitors (e.g. 赛马日改期). */
  note: Type.String({ minLength: 1, maxLength: 200 }),
};

/** The weekdays a game drew on before a change of its draw days took effect. */
export const EarlierDaysSchema = Type.Object({
  /** The first day of the next pattern: these days held before it. */
  until: LocalDateSchema,
  /** 0 = Sunday; empty: every day. */
  days: Type.Array(Type.Integer({ minimum: 0, maximum: 6 })),
});
export type EarlierDays = Static<typeof EarlierDaysSchema>;

/** What an operator enters for one day (admin API, CLI). */
export const CalendarChangeInputSchema = Type.Object(changeFields, { additionalProperties: false });
export type CalendarChangeInput = Static<typeof CalendarChangeInputSchema>;

/** An exception to a game's regular schedule, keyed by the day it concerns. */
export const CalendarChangeSchema = Type.Object({ date: LocalDateSchema, ...changeFields });
export type CalendarChange = Static<typeof CalendarChangeSchema>;

export const CalendarDrawSchema = Type.Object({
  issue: Type.String(),
  drawAt: Type.String({ format: 'date-time' }),
});

export const CalendarDaySchema = Type.Object({
  date: LocalDateSchema,
  /** 0 = Sunday. */
  weekday: Type.Integer({ minimum: 0, maximum: 6 }),
  /** The day's draws after the exceptions (none on a skipped day). */
  draws: Type.Array(CalendarDrawSchema),
  /** The exception that concerns the day, if any. */
  change: Type.Optional(
    Type.Object({
      kind: CalendarChangeKindSchema,
      drawAt: changeFields.drawAt,
      note: Type.String(),
    }),
  ),
  /**
   * Set on the day a moved draw takes place: the day it was scheduled for. Its note is on
   * that day's `change`.
   */
  movedFrom: Type.Optional(LocalDateSchema),
});
export type CalendarDay = Static<typeof CalendarDaySchema>;

export const DrawCalendarSchema = Type.Object({
  gameId: Type.Integer(),
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  timezone: Type.String(),
  /** Days of the month with a draw or an exception, in order. */
  days: Type.Array(CalendarDaySchema),
  /** The first draw after now (it may lie in another month). */
  next: CalendarDrawSchema,
});
export type DrawCalendar = Static<typeof DrawCalendarSchema>;
