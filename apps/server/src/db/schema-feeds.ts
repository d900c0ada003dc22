// Row types of the real feeds' tables (docs/architecture.md §12); the database's whole shape is
// db/schema.ts.
import type { Generated } from 'kysely';

export interface FeedStateTable {
  game_id: number;
  position: number;
  kind: string;
  url: Generated<string>;
  polled_by: Generated<string>;
  last_poll_at: string | null;
  last_ok_at: string | null;
  last_answer: string | null;
  last_error: string | null;
  failures: Generated<number>;
  lags: Generated<string>;
}

export interface DrawDisputeTable {
  game_id: number;
  issue: string;
  candidates: string;
  opened_at: string;
  settled_at: string | null;
  settled_numbers: string | null;
}

export interface DrawUpcomingTable {
  game_id: number;
  issue: string;
  estimated_prize: number | string | null;
  sales_close_at: string | null;
  updated_at: string;
}
