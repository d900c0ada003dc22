import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from '../db/schema.ts';

export interface AuditEntry {
  id: number;
  at: string;
  operatorId: number | null;
  actor: string;
  address: string;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AuditFilter {
  actor?: string;
  /** Prefix of the action (`draws.` lists every draw change); letters, digits, `.` and `-` only. */
  action?: string;
  /** Entries older than this id (the page before). */
  before?: number;
  limit: number;
}

/** Append-only: there is no update or delete here, and no route that could reach one. */
export interface AuditRepository {
  add(entry: NewAuditEntry): Promise<void>;
  list(filter: AuditFilter): Promise<AuditEntry[]>;
}

/** An entry as its row (other repositories write entries inside their own transactions). */
export function auditRow(e: NewAuditEntry): Insertable<AuditLogTable> {
  return {
    at: e.at,
    operator_id: e.operatorId,
    actor: e.actor.slice(0, 40),
    address: e.address.slice(0, 64),
    action: e.action.slice(0, 80),
    target: e.target.slice(0, 200),
    before: e.before,
    after: e.after,
  };
}

export function createAuditRepository(db: Kysely<DB>): AuditRepository {
  return {
    async add(e) {
      await db.insertInto('audit_log').values(auditRow(e)).execute();
    },
    async list(f) {
      let q = db.selectFrom('audit_log').selectAll();
      if (f.actor) q = q.where('actor', '=', f.actor);
      if (f.action) q = q.where('action', 'like', `${f.action.replace(/[^a-z0-9.-]/gi, '')}%`);
      if (f.before !== undefined) q = q.where('id', '<', f.before);
      const rows = await q.orderBy('id', 'desc').limit(f.limit).execute();
      return rows.map((r) => ({
        id: r.id,
        at: r.at,
        operatorId: r.operator_id,
        actor: r.actor,
        address: r.address,
        action: r.action,
        target: r.target,
        before: r.before,
        after: r.after,
      }));
    },
  };
}
