// Row types of the chat service's tables (docs/architecture.md §10); the database's whole shape
// is db/schema.ts.
import type { Generated } from 'kysely';

export interface ChatTokenTable {
  token_hash: string;
  kind: 'login' | 'chat';
  member_id: number;
  session_hash: string;
  created_at: string;
  expires_at: string;
}

export interface ChatMessageTable {
  id: Generated<number>;
  room: string;
  member_id: number | null;
  nickname: string;
  avatar: string;
  role: string;
  text: string | null;
  image: string | null;
  at: string;
  removed_at: string | null;
  once_key: string | null;
}

export interface ChatMuteTable {
  member_id: number;
  until: string;
  by_member_id: number;
  at: string;
}

export interface ChatReportTable {
  message_id: number;
  member_id: number;
  at: string;
}

export interface ChatBlockedWordTable {
  word: string;
  created_at: string;
}
