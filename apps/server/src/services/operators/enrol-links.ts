// The one way into an operator account that has no second factor yet (issue 41): a link the
// owner hands over, made when the owner adds the operator (or asked for again), which works
// once, within 24 hours, together with the account's password.
import { ENROL_LINK_MS, type EnrolLink } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../../lib/address-key.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AttemptLimiter } from '../members/attempt-limiter.ts';
import type { PasswordHasher } from '../members/password.ts';
import { hashing, reserve } from '../members/service.ts';
import { isTokenShaped, newToken, tokenHash } from '../members/tokens.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { OperatorRecord } from '../../repositories/operator-repository.ts';
import type { SignInAudit } from './sign-in-audit.ts';

const linkRefused = () =>
  new AppError(400, 'UC/BAD_CREDENTIALS', '链接无效、已使用或已过期，或密码错误', {
    password: '链接无效、已使用或已过期，或密码错误',
  });

export function createEnrolLinks(deps: {
  repos: Repositories;
  hasher: PasswordHasher;
  limiter: AttemptLimiter;
  log: FastifyBaseLogger;
  now: () => Date;
  audit: SignInAudit;
  startSession: (o: OperatorRecord, stage: 'enrol', ip: string) => Promise<string>;
}) {
  const { repos, hasher, limiter, log, now, audit } = deps;

  return {
    /** A new link for an operator still without a second factor; any earlier one stops working. */
    async issue(id: number): Promise<EnrolLink> {
      const o = await repos.operators.get(id);
      if (!o) throw notFound('没有这个管理员');
      if (o.totpSecret) throw new AppError(400, 'REQ/INVALID', '该管理员已设置两步验证');
      if (o.disabledAt) throw new AppError(400, 'REQ/INVALID', '该管理员已停用');
      const token = newToken();
      const t = now();
      const expiresAt = new Date(t.getTime() + ENROL_LINK_MS).toISOString();
      await repos.operators.setEnrolLink(
        id,
        { hash: tokenHash(token), expiresAt },
        t.toISOString(),
      );
      log.info({ operatorId: id }, 'enrolment link issued');
      return { token, expiresAt };
    },

    /**
     * The link's token and the account's password: an `enrol` session, where the second factor
     * is set up. Counted against the address like a sign-in; one answer for every refusal.
     */
    async claim(input: { token: string; password: string }, ip: string): Promise<string> {
      const key = `ip:${addressKey(ip)}`;
      const ticket = await reserve(limiter, [key]);
      let o: OperatorRecord | undefined;
      let ok = false;
      try {
        const t = now().toISOString();
        const hash = tokenHash(input.token);
        o = isTokenShaped(input.token) ? await repos.operators.findByEnrolLink(hash, t) : undefined;
        const found = o;
        const right = await hashing(() =>
          found
            ? hasher.verify(input.password, found.passwordHash, key)
            : hasher.dummyVerify(input.password, key).then(() => false),
        );
        ok = right && !!o && (await repos.operators.spendEnrolLink(o.id, hash, t));
      } finally {
        await limiter.finish(ticket, ok ? 'undone' : 'failed');
      }
      const who = { username: o?.username ?? '', operatorId: o?.id ?? null };
      if (!ok || !o) {
        await audit.write('enrol.failed', who, ip);
        throw linkRefused();
      }
      await audit.write('enrol', who, ip);
      return deps.startSession(o, 'enrol', ip);
    },
  };
}
