// What the console's own screens read (routes/console/): the audit trail, and the dashboard's
// figures of the day. Read-only: there is no call that edits or removes an audit entry.
import type { AuditRecord } from '@kaijiang/domain';
import type { AuditEntry, AuditFilter } from '../../repositories/audit-repository.ts';
import type { Repositories } from '../../repositories/index.ts';
import { LEASE_NAME } from '../draws/engine.ts';

/** How many of the latest audit entries the dashboard shows. */
const RECENT_AUDIT = 8;

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

export const toAuditRecord = (e: AuditEntry): AuditRecord => ({
  id: e.id,
  at: e.at,
  actor: e.actor,
  address: e.address,
  action: e.action,
  target: e.target,
  before: parsed(e.before),
  after: parsed(e.after),
});

export function createConsoleReads(repos: Repositories) {
  return {
    /** Audit entries, newest first, filtered and paged as asked. */
    async audit(filter: AuditFilter): Promise<AuditRecord[]> {
      return (await repos.audit.list(filter)).map(toAuditRecord);
    },

    /**
     * The dashboard's figures since `since` (the start of the visitors' day), and which instance
     * holds the draw engine's lease at `now` (ms), if any.
     */
    async figures(since: string, now: number) {
      const [lease, newMembersToday, questionsToday, open, recent] = await Promise.all([
        repos.leases.holder(LEASE_NAME),
        repos.members.countSince(since),
        repos.questions.countSince(since),
        repos.questions.page({ status: 'open', limit: 1, offset: 0 }),
        repos.audit.list({ limit: RECENT_AUDIT }),
      ]);
      return {
        engineHolder: lease && Date.parse(lease.expiresAt) > now ? lease.holder : null,
        newMembersToday,
        questionsToday,
        openQuestions: open.total,
        recentAudit: recent.map(toAuditRecord),
      };
    },
  };
}

export type ConsoleReads = ReturnType<typeof createConsoleReads>;
