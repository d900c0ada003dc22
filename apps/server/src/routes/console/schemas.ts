// Schemas of the console's own calls (issue 15); the shapes themselves are in @kaijiang/domain.
import { OPERATOR_ROLES } from '@kaijiang/domain';
import { Type } from 'typebox';
import { errorReplies } from '../../schemas/common.ts';

export const BASE = '/app-api/admin/console';
export const tags = ['console'];
export const Errors = errorReplies(400, 401, 403, 404, 429);

export const RoleSchema = Type.Union(OPERATOR_ROLES.map((r) => Type.Literal(r)));

export const OperatorInfoSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: RoleSchema,
  totp: Type.Boolean(),
  disabled: Type.Boolean(),
  createdAt: Type.String(),
});

export const ConsoleSessionSchema = Type.Object({
  operator: OperatorInfoSchema,
  stage: Type.Union([Type.Literal('enrol'), Type.Literal('full')]),
  reauthUntil: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String(),
});

const Username = Type.String({ minLength: 1, maxLength: 32 });
const Password = Type.String({ minLength: 1, maxLength: 128 });
/** Six digits, or a recovery code (`xxxx-xxxx-xxxx`). */
const Code = Type.String({ minLength: 6, maxLength: 20, pattern: '^[0-9A-Za-z -]+$' });

export const SignInSchema = Type.Object(
  { username: Username, password: Password, code: Type.Optional(Code) },
  { additionalProperties: false },
);
export const CodeBodySchema = Type.Object({ code: Code }, { additionalProperties: false });
export const ReauthSchema = Type.Object(
  { password: Type.Optional(Password), code: Type.Optional(Code) },
  { additionalProperties: false },
);

export const EnrolmentSchema = Type.Object({
  secret: Type.String(),
  uri: Type.String(),
  qrSvg: Type.String(),
});

export const EnrolLinkSchema = Type.Object({ token: Type.String(), expiresAt: Type.String() });
/** A new operator, with the one-time link the owner hands over (shown this once). */
export const NewOperatorInfoSchema = Type.Object({
  ...OperatorInfoSchema.properties,
  enrol: EnrolLinkSchema,
});
export const EnrolClaimSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 64 }), password: Password },
  { additionalProperties: false },
);

export const NewOperatorSchema = Type.Object(
  { username: Username, password: Password, role: RoleSchema },
  { additionalProperties: false },
);
export const OperatorPatchSchema = Type.Object(
  {
    role: Type.Optional(RoleSchema),
    disabled: Type.Optional(Type.Boolean()),
    password: Type.Optional(Password),
    resetTotp: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const AuditRecordSchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.String(),
  address: Type.String(),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export const AuditQuerySchema = Type.Object(
  {
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9.-]+$' })),
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  { additionalProperties: false },
);

export const ConsoleMemberSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  phone: Type.String(),
  chatRole: Type.String(),
  disabled: Type.Boolean(),
  createdAt: Type.String(),
});
export const MemberQuerySchema = Type.Object(
  {
    q: Type.String({ maxLength: 40, default: '' }),
    page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    sort: Type.Union([Type.Literal('newest'), Type.Literal('oldest'), Type.Literal('username')], {
      default: 'newest',
    }),
  },
  { additionalProperties: false },
);
export const MemberMessageSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    content: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }),
  },
  { additionalProperties: false },
);

export const DashboardSchema = Type.Object({
  games: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      source: Type.String(),
      streamUrl: Type.String(),
      drawTime: Type.Union([Type.String(), Type.Null()]),
      drawDays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 })),
      daysChange: Type.Union([
        Type.Null(),
        Type.Object({
          from: Type.String(),
          drawDays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 })),
        }),
      ]),
      timezone: Type.String(),
      schedule: Type.String(),
      nextIssue: Type.Union([Type.String(), Type.Null()]),
      nextDrawAt: Type.Union([Type.String(), Type.Null()]),
      drawing: Type.Boolean(),
      engineHolder: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  liveSockets: Type.Integer(),
  lastFanout: Type.Union([
    Type.Null(),
    Type.Object({
      gameId: Type.Integer(),
      sockets: Type.Integer(),
      ms: Type.Number(),
      at: Type.String(),
    }),
  ]),
  chatOnline: Type.Integer(),
  newMembersToday: Type.Integer(),
  questionsToday: Type.Integer(),
  openQuestions: Type.Integer(),
  recentAudit: Type.Array(AuditRecordSchema),
});
