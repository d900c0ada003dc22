// The operator console's contract (issue 15): roles, what each may do, and the shapes the console
// and the server share. Plain types and constants: the visitor's bundle never imports this.

export const OPERATOR_ROLES = ['owner', 'editor', 'draw', 'moderator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** What an operator of each role may touch; `owner` may do everything. */
export type ConsoleArea = 'operators' | 'content' | 'draws' | 'members' | 'chat' | 'audit';

const AREAS: Record<Exclude<OperatorRole, 'owner'>, readonly ConsoleArea[]> = {
  editor: ['content'],
  draw: ['draws'],
  moderator: ['members', 'chat'],
};

export function roleMay(role: OperatorRole, area: ConsoleArea): boolean {
  return role === 'owner' || AREAS[role].includes(area);
}

export const ROLE_NAMES: Record<OperatorRole, string> = {
  owner: '站长',
  editor: '编辑',
  draw: '开奖员',
  moderator: '客服与管理',
};

export const OPERATOR_NAME_SHAPE = /^[A-Za-z0-9_]{3,32}$/;
/** A console session ends after this much idle time, and this long after sign-in in any case. */
export const CONSOLE_IDLE_MS = 30 * 60_000;
export const CONSOLE_ABSOLUTE_MS = 12 * 60 * 60_000;
/** Entering a ball, changing a source or adding an operator needs the password or a code again within this. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

/** How long the one-time link an owner hands a new operator stays usable. */
export const ENROL_LINK_MS = 24 * 60 * 60_000;
/** The console's enrolment screen; the link's token follows in the fragment (never sent, never logged). */
export const ENROL_PATH = '/admin/enrol';

/** A one-time enrolment link's token, shown once to the owner who hands it over. */
export interface EnrolLink {
  token: string;
  expiresAt: string;
}

export interface OperatorInfo {
  id: number;
  username: string;
  role: OperatorRole;
  totp: boolean;
  disabled: boolean;
  createdAt: string;
}

export interface ConsoleSession {
  operator: OperatorInfo;
  /** 'enrol': the second factor must be set up before anything else. */
  stage: 'enrol' | 'full';
  /** Until when a dangerous action needs no new password or code; null when it needs one now. */
  reauthUntil: string | null;
  expiresAt: string;
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG QR code (markup made by the server from the URI alone). */
  qrSvg: string;
}

export interface AuditRecord {
  id: number;
  at: string;
  actor: string;
  address: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export interface ConsoleMember {
  id: number;
  username: string;
  nickname: string;
  phone: string;
  chatRole: string;
  disabled: boolean;
  createdAt: string;
}

export interface ConsoleGameState {
  id: number;
  name: string;
  source: string;
  /** The live stream's URL, '' when there is none. */
  streamUrl: string;
  /** HH:mm of a daily or weekly game; null for one that draws every few minutes. */
  drawTime: string | null;
  /** Weekdays drawn on now (0 = Sunday; empty: every day); [] for interval games. */
  drawDays: number[];
  /** A change of draw days not yet in force: from which day, and the new days. */
  daysChange: { from: string; drawDays: number[] } | null;
  /** IANA time zone of the game's schedule and issue numbers. */
  timezone: string;
  /** The schedule as visitors read it. */
  schedule: string;
  nextIssue: string | null;
  nextDrawAt: string | null;
  drawing: boolean;
  /** The instance holding this game's draw engine, when one does. */
  engineHolder: string | null;
}

/**
 * The newest snapshot this instance wrote to its live sockets: to how many, and how long from
 * the hub's publish to the write to the last of them (the server's share of a ball's delivery).
 */
export interface LiveFanout {
  gameId: number;
  sockets: number;
  ms: number;
  /** When the last socket was written. */
  at: string;
}

export interface ConsoleDashboard {
  games: ConsoleGameState[];
  liveSockets: number;
  /** Null until a snapshot has gone to at least one socket since the instance started. */
  lastFanout: LiveFanout | null;
  chatOnline: number;
  newMembersToday: number;
  questionsToday: number;
  openQuestions: number;
  recentAudit: AuditRecord[];
}
