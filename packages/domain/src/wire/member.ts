import { Type, type Static } from 'typebox';

/**
 * Member field rules (docs/architecture.md §4), shared so the server's schemas and the web forms refuse the
 * same values with the same limits.
 */
export const MEMBER_RULES = {
  username: { min: 4, max: 16, pattern: '^[A-Za-z0-9_]+$' },
  password: { min: 8, max: 64 },
  nickname: { max: 32 },
  /** Digits with an optional leading +, spaces and dashes allowed between. */
  phone: { max: 20, pattern: '^\\+?[0-9][0-9 -]{5,19}$' },
  avatar: { max: 500 },
} as const;

/** Rebate of a profile nobody has loaded yet (spec §3). */
export const DEFAULT_REBATE = 8;

export const TokenAnswerSchema = Type.Object({ token: Type.String() });
export type TokenAnswer = Static<typeof TokenAnswerSchema>;

export const UserInfoSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  phone: Type.String(),
  avatar: Type.String(),
  rebate: Type.Number(),
  balance: Type.Number(),
  hasWithdrawPassword: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type UserInfo = Static<typeof UserInfoSchema>;

export const ExtInfoSchema = Type.Object({
  unreadMessages: Type.Integer(),
  collections: Type.Integer(),
});
export type ExtInfo = Static<typeof ExtInfoSchema>;

export const ProfileSchema = Type.Object({ userInfo: UserInfoSchema, extInfo: ExtInfoSchema });
export type Profile = Static<typeof ProfileSchema>;

export const PASSWORD_TYPES = ['login', 'withdraw'] as const;
export type PasswordType = (typeof PASSWORD_TYPES)[number];

export const MemberMessageSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  read: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type MemberMessage = Static<typeof MemberMessageSchema>;

export const MessagePageSchema = Type.Object({
  items: Type.Array(MemberMessageSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type MessagePage = Static<typeof MessagePageSchema>;

export const COLLECTION_KINDS = ['news', 'gallery', 'draw'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

/**
 * What a collection item points at: news `{newsId}`, gallery `{gameId}:{id}`, draw
 * `{gameId}:{issue}`.
 */
export const COLLECTION_REF_PATTERN = '^[0-9A-Za-z_-]{1,32}(:[0-9A-Za-z_-]{1,32})?$';

export const CollectionItemSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('news'), Type.Literal('gallery'), Type.Literal('draw')]),
  refId: Type.String(),
  title: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type CollectionItem = Static<typeof CollectionItemSchema>;

export const CollectionPageSchema = Type.Object({
  items: Type.Array(CollectionItemSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type CollectionPage = Static<typeof CollectionPageSchema>;

export const MEMBER_PAGE_SIZE_MAX = 50;
