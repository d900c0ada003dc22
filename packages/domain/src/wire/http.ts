import { Type, type Static, type TSchema } from 'typebox';

/** Every JSON answer of the server (docs/architecture.md §4). */
export interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

export const ERROR_CODES = [
  'OK',
  'REQ/INVALID',
  'UC/TOKEN_INVALID',
  'UC/BAD_CREDENTIALS',
  'UC/USERNAME_TAKEN',
  'UC/BAD_PASSWORD',
  'UC/UNAUTHORIZED',
  'REQ/XSRF',
  'REQ/FORBIDDEN',
  'NOT_FOUND',
  'REQ/RATE_LIMITED',
  'SYS/ERROR',
  // Refusals on the live socket (command 71) and its upgrade.
  'WS/UNKNOWN_COMMAND',
  'WS/TOO_LARGE',
  'WS/TOO_MANY_GAMES',
  'REQ/FORBIDDEN_ORIGIN',
  // The chat service (docs/architecture.md §10).
  'CHAT/MUTED',
  'CHAT/BLOCKED_WORD',
  'CHAT/NO_ROOM',
  // The operator console (issue 15) and a member an operator has disabled.
  'ADMIN/CODE_REQUIRED',
  'ADMIN/CODE_INVALID',
  'ADMIN/ENROL_REQUIRED',
  'ADMIN/REAUTH_REQUIRED',
  'UC/DISABLED',
  // Web Push (issue 16): the server keeps no more subscriptions than it can send to.
  'PUSH/FULL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const OK: ErrorCode = 'OK';

export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.String(), msg: Type.String(), data });
}

export const ErrorEnvelopeSchema = Type.Object({
  code: Type.String(),
  msg: Type.String(),
  data: Type.Unknown(),
});

export const ConfigEntrySchema = Type.Object({
  configKey: Type.String(),
  configValue: Type.String(),
});
export type ConfigEntry = Static<typeof ConfigEntrySchema>;

export const ConfigFileSchema = Type.Object({ system_config: Type.Array(ConfigEntrySchema) });
export type ConfigFile = Static<typeof ConfigFileSchema>;

/** From which draw a game's numbers go up to `maxNumber` and what a unit costs. */
export const GameEraSchema = Type.Object({
  fromIssue: Type.String({ pattern: '^[0-9]{1,32}$' }),
  maxNumber: Type.Union([Type.Literal(45), Type.Literal(47), Type.Literal(49)]),
  unitStake: Type.Integer({ minimum: 1, maximum: 1000 }),
});

export type GameEra = Static<typeof GameEraSchema>;

export const GameSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  shortName: Type.String(),
  /** Human wording of the schedule, e.g. 每天 21:32. */
  schedule: Type.String(),
  /** Local draw time "HH:mm" in the game's time zone; the first draw of the day for interval games. */
  drawTime: Type.String(),
  /** Days of week the game draws on, 0 = Sunday; empty means every day. */
  drawDays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 })),
  /** Set for games that draw every N minutes around the clock. */
  intervalMinutes: Type.Optional(Type.Integer({ minimum: 1 })),
  timezone: Type.String(),
  icon: Type.String(),
  streamUrl: Type.Optional(Type.String()),
  /** The game's eras, oldest first; absent: numbers 01–49 throughout. */
  eras: Type.Optional(Type.Array(GameEraSchema, { maxItems: 20 })),
  /** Short code in compatible feeds (`/compat/…/{code}`), e.g. macaujc2, hk6. */
  code: Type.Optional(Type.String({ pattern: '^[a-z0-9]{1,32}$' })),
});
export type Game = Static<typeof GameSchema>;

export const GamesFileSchema = Type.Array(GameSchema);
export type GamesFile = Static<typeof GamesFileSchema>;

export const GameGroupSchema = Type.Object({
  groupName: Type.String(),
  games: Type.Array(Type.Integer()),
});
export type GameGroup = Static<typeof GameGroupSchema>;
export const GameCenterFileSchema = Type.Array(GameGroupSchema);
export type GameCenterFile = Static<typeof GameCenterFileSchema>;

export const NoticeSchema = Type.Object({ noticeContent: Type.String() });
export type Notice = Static<typeof NoticeSchema>;
export const NoticeListFileSchema = Type.Object({ roll_notice: Type.Array(NoticeSchema) });
export type NoticeListFile = Static<typeof NoticeListFileSchema>;

export const CompanySchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  logo: Type.String(),
  slogan: Type.String(),
  contact: Type.Object({
    phone: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    wechat: Type.Optional(Type.String()),
    telegram: Type.Optional(Type.String()),
    address: Type.Optional(Type.String()),
  }),
  /** Sanitised HTML. */
  aboutUs: Type.String(),
  /** Sanitised HTML. */
  disclaimer: Type.String(),
  onlineServiceUrl: Type.String(),
});
export type Company = Static<typeof CompanySchema>;
export const CompanyFileSchema = CompanySchema;
export type CompanyFile = Company;

export const FiveElementsRecordSchema = Type.Object({
  year: Type.Integer(),
  data: Type.Array(
    Type.Object({
      element: Type.Union([
        Type.Literal('Metal'),
        Type.Literal('Wood'),
        Type.Literal('Water'),
        Type.Literal('Fire'),
        Type.Literal('Earth'),
      ]),
      values: Type.Array(Type.Integer({ minimum: 1, maximum: 49 })),
    }),
  ),
});
export const FiveElementsFileSchema = Type.Array(FiveElementsRecordSchema);
