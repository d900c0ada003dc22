import type { OperatorRole } from '@kaijiang/domain';
// Row types of every table; later migrations add their tables here too.
import type { Generated } from 'kysely';
import type { FeedStateTable, DrawDisputeTable, DrawUpcomingTable } from './schema-feeds.ts';
import type { PushSubscriptionTable, PushTopicTable, PushJobTable } from './schema-push.ts';
import type {
  ChatTokenTable,
  ChatMessageTable,
  ChatMuteTable,
  ChatReportTable,
  ChatBlockedWordTable,
} from './schema-chat.ts';
import type {
  GallerySeriesTable,
  GallerySeriesIssueTable,
  GallerySeriesPictureTable,
  GalleryLikeTable,
  GalleryFavouriteTable,
  GalleryCommentTable,
} from './schema-gallery.ts';

/** Booleans are stored as 0/1 integers so SQLite and PostgreSQL read back the same values. */
export type Flag = 0 | 1;

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface ConfigEntryTable {
  config_key: string;
  config_value: string;
  updated_at: string;
}

export interface GameTable {
  id: number;
  name: string;
  short_name: string;
  schedule: string;
  draw_time: string;
  /** Comma list of weekdays 0=Sun..6; '' = every day. */
  draw_days: string;
  interval_minutes: number | null;
  timezone: string;
  icon: string;
  stream_url: string | null;
  sort: number;
  active: Flag;
  /** Where the game's draws come from (0002-draws). */
  draw_source: Generated<DrawSourceKind>;
  upstream_url: string | null;
  upstream_game_id: number | null;
  /** The game's eras as JSON (0016-draw-provenance); null: one era, numbers to 49. */
  eras: string | null;
  /** The game's short code in compatible feeds (macaujc2, hk6); unique when set. */
  code: string | null;
  /** JSON list of { kind, url, remote }, primary first (0017-feeds); null: draw_source alone. */
  feed_sources: string | null;
  grace_s: Generated<number>;
  late_s: Generated<number>;
}

export interface GameEarlierDaysTable {
  game_id: number;
  until_date: string;
  draw_days: string;
  created_at: string;
}

export type DrawSourceKind = 'simulator' | 'manual' | 'upstream' | 'kaijiang' | 'hkjc' | 'macaujc';
/** `disputed`: two feeds disagree; only the balls they share are stored. */
export type DrawStatusValue = 'waiting' | 'drawing' | 'done' | 'disputed';

export interface DrawTable {
  game_id: number;
  issue: string;
  draw_at: string;
  year: number;
  status: DrawStatusValue;
  /** Comma list of revealed numbers in draw order; '' before the first ball. */
  numbers: string;
  created_at: string;
  updated_at: string;
  /** Where the draw came from (0016-draw-provenance): simulator, manual, kaijiang, hkjc, … */
  source: Generated<string>;
  /** When this installation first stored it; null only for rows older than the column. */
  first_seen_at: string | null;
}

export interface DrawCalendarTable {
  game_id: number;
  /** The local day the exception concerns, YYYY-MM-DD. */
  date: string;
  kind: 'moved' | 'skipped' | 'added';
  draw_at: string | null;
  note: string;
  updated_at: string;
}

export interface DrawPrizeTable {
  game_id: number;
  issue: string;
  draw_at: string;
  /** JSON of a PrizeInput. */
  record: string;
  updated_at: string;
}

export interface EngineLeaseTable {
  name: string;
  holder: string;
  expires_at: string;
  updated_at: string;
}

export interface GameGroupTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface GameGroupItemTable {
  group_id: number;
  game_id: number;
  sort: number;
}

export interface NoticeTable {
  id: Generated<number>;
  company_code: string;
  content: string;
  sort: number;
  active: Flag;
  created_at: string;
  updated_at: string;
}

export interface CompanyTable {
  code: string;
  name: string;
  logo: string;
  slogan: string;
  contact_phone: string;
  contact_email: string;
  contact_wechat: string;
  contact_telegram: string;
  contact_address: string;
  about_us: string;
  disclaimer: string;
  online_service_url: string;
  updated_at: string;
}

export interface MemberTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  nickname: Generated<string>;
  phone: Generated<string>;
  avatar: Generated<string>;
  rebate: Generated<number>;
  balance: Generated<number>;
  password_hash: string;
  withdraw_hash: string | null;
  created_at: string;
  updated_at: string;
  /** 'member' or 'moderator' (deletes messages and mutes members in the chat). */
  chat_role: Generated<string>;
  /** Set by an operator: no sign-in, no session, no chat. */
  disabled_at: string | null;
}

export interface OperatorTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  password_hash: string;
  role: OperatorRole;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: number | string | null;
  recovery_hashes: Generated<string>;
  disabled_at: string | null;
  /** sha256 of the one-time enrolment link's token (migration 0014). */
  enrol_hash: string | null;
  enrol_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OperatorSessionTable {
  token_hash: string;
  operator_id: number;
  stage: 'enrol' | 'full';
  created_at: string;
  expires_at: string;
  absolute_expires_at: string;
  reauth_at: string | null;
  address: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  operator_id: number | null;
  actor: string;
  address: string;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
}

export interface MemberSessionTable {
  token_hash: string;
  member_id: number;
  created_at: string;
  /** Sliding: moves forward on use, never past absolute_expires_at. */
  expires_at: string;
  absolute_expires_at: string;
}

export interface MemberMessageTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  content: string;
  read_at: string | null;
  created_at: string;
}

export interface MemberCollectionTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  ref_id: string;
  title: string;
  created_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  title: string;
  cover: string;
  summary: string;
  body: string;
  category: string;
  published_at: string;
  views: Generated<number>;
  active: Flag;
  created_at: string;
  updated_at: string;
}

export interface GalleryTable {
  id: Generated<number>;
  game_id: number;
  issue: string;
  title: string;
  thumb: string;
  image: string;
  published_at: string;
  active: Flag;
  created_at: string;
  updated_at: string;
}

export interface GalleryPictureTable {
  id: Generated<number>;
  gallery_id: number;
  /** 0 is the cover (mirrored in galleries.thumb/image). */
  position: number;
  thumb: string;
  image: string;
  caption: Generated<string>;
}

export interface FaqTable {
  id: Generated<number>;
  question: string;
  answer: string;
  sort: number;
  active: Flag;
  created_at: string;
  updated_at: string;
}

export interface TeamConditionTable {
  id: Generated<number>;
  tier: string;
  requirement: string;
  benefit: string;
  sort: number;
  updated_at: string;
}

export interface VisitorQuestionTable {
  id: Generated<number>;
  name: string;
  contact: string;
  content: string;
  status: string;
  answer: string;
  created_at: string;
  answered_at: string | null;
  member_id: number | null;
}

export interface DB {
  feed_states: FeedStateTable;
  draw_disputes: DrawDisputeTable;
  draw_upcoming: DrawUpcomingTable;
  app_meta: AppMetaTable;
  config_entries: ConfigEntryTable;
  games: GameTable;
  game_groups: GameGroupTable;
  game_group_items: GameGroupItemTable;
  notices: NoticeTable;
  companies: CompanyTable;
  draws: DrawTable;
  draw_prizes: DrawPrizeTable;
  draw_calendar: DrawCalendarTable;
  game_earlier_days: GameEarlierDaysTable;
  chat_tokens: ChatTokenTable;
  chat_messages: ChatMessageTable;
  chat_mutes: ChatMuteTable;
  chat_reports: ChatReportTable;
  chat_blocked_words: ChatBlockedWordTable;
  engine_leases: EngineLeaseTable;
  members: MemberTable;
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  audit_log: AuditLogTable;
  member_sessions: MemberSessionTable;
  member_messages: MemberMessageTable;
  member_collections: MemberCollectionTable;
  news: NewsTable;
  galleries: GalleryTable;
  gallery_pictures: GalleryPictureTable;
  gallery_series: GallerySeriesTable;
  gallery_series_issues: GallerySeriesIssueTable;
  gallery_series_pictures: GallerySeriesPictureTable;
  gallery_likes: GalleryLikeTable;
  gallery_favourites: GalleryFavouriteTable;
  gallery_comments: GalleryCommentTable;
  faqs: FaqTable;
  team_conditions: TeamConditionTable;
  visitor_questions: VisitorQuestionTable;
  push_subscriptions: PushSubscriptionTable;
  push_topics: PushTopicTable;
  push_jobs: PushJobTable;
}

export type * from './schema-chat.ts';
export type * from './schema-gallery.ts';
export type * from './schema-feeds.ts';
export type * from './schema-push.ts';
