// Sign-ins of operators as audit entries (issue 41): who (the name given, and the operator when
// there is one), from where, and how it went, visible in the console's log under
// `console.sign-in.` and `console.enrol`.
import { OPERATOR_NAME_SHAPE } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LruMap } from 'toad-cache';
import { addressKey } from '../../lib/address-key.ts';
import type { Repositories } from '../../repositories/index.ts';

export type SignInOutcome = 'ok' | 'recovery' | 'failed' | 'locked' | 'enrol' | 'enrol.failed';

const ACTIONS: Record<SignInOutcome, string> = {
  ok: 'console.sign-in.ok',
  recovery: 'console.sign-in.recovery',
  failed: 'console.sign-in.failed',
  locked: 'console.sign-in.locked',
  enrol: 'console.enrol.ok',
  'enrol.failed': 'console.enrol.failed',
};

/** Attempts refused while locked are written once per account and address key per lock. */
const LOCKED_SEEN_MAX = 1024;

export function createSignInAudit(deps: {
  repos: Repositories;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { repos, log, now } = deps;
  // Bounded: keys come from anyone's sign-in attempts.
  const lockedSeen = new LruMap<number>(LOCKED_SEEN_MAX);

  async function write(
    outcome: SignInOutcome,
    who: { username: string; operatorId?: number | null },
    ip: string,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    // A name that could not be an operator's is not stored as given (anyone can type anything).
    const actor = OPERATOR_NAME_SHAPE.test(who.username) ? who.username : '(未知)';
    try {
      await repos.audit.add({
        at: now().toISOString(),
        operatorId: who.operatorId ?? null,
        actor,
        address: ip,
        action: ACTIONS[outcome],
        target: '',
        before: null,
        after: JSON.stringify({ outcome, ...detail }),
      });
    } catch (err) {
      log.error({ err, outcome }, 'sign-in audit entry not written');
    }
  }

  return {
    write,
    /** A sign-in refused because its account or address is locked (once per lock and pair). */
    async refusedWhileLocked(username: string, ip: string, waitMs: number): Promise<void> {
      const key = `${username.toLowerCase()}|${addressKey(ip)}`;
      const t = now().getTime();
      if ((lockedSeen.get(key) ?? 0) > t) return;
      lockedSeen.set(key, t + waitMs);
      await write('locked', { username }, ip, { retryAfterS: Math.ceil(waitMs / 1000) });
    },
  };
}

export type SignInAudit = ReturnType<typeof createSignInAudit>;
