// Row types of the draw alerts' tables (Web Push, docs/architecture.md §2); the database's whole
// shape is db/schema.ts.
import type { Generated } from 'kysely';

export interface PushSubscriptionTable {
  id: Generated<number>;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  failures: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PushTopicTable {
  game_id: number;
  subscription_id: number;
}

export interface PushJobTable {
  id: Generated<number>;
  game_id: number;
  issue: string;
  draw: string;
  state: string;
  after_id: Generated<number>;
  sent: Generated<number>;
  gone: Generated<number>;
  failed: Generated<number>;
  created_at: string;
  done_at: string | null;
}
