// Row types of every table; later migrations add their tables here too.
import type { Generated } from 'kysely';

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

export interface DB {
  app_meta: AppMetaTable;
  config_entries: ConfigEntryTable;
  games: GameTable;
  game_groups: GameGroupTable;
  game_group_items: GameGroupItemTable;
  notices: NoticeTable;
  companies: CompanyTable;
}
