// Operator accounts of the console (issue 15): sign-in with password and TOTP, sessions kept by
// their token's hash, re-authentication before dangerous actions, and the owner's management.
import {
  CONSOLE_ABSOLUTE_MS,
  CONSOLE_IDLE_MS,
  OPERATOR_NAME_SHAPE,
  REAUTH_WINDOW_MS,
  type ConsoleSession,
  type OperatorInfo,
  type OperatorRole,
} from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import type { AttemptLimiter } from '../members/attempt-limiter.ts';
import type { PasswordHasher } from '../members/password.ts';
import { passwordProblem } from '../members/password-policy.ts';
import { hashing, reserve } from '../members/service.ts';
import { isTokenShaped, newToken, tokenHash } from '../members/tokens.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { OperatorRecord } from '../../repositories/operator-repository.ts';
import { createEnrolLinks } from './enrol-links.ts';
import { createSignInAudit } from './sign-in-audit.ts';
import {
  codeStep,
  enrolment,
  isRecoveryShaped,
  newRecoveryCodes,
  newTotpSecret,
  recoveryHash,
} from './totp.ts';

export interface ConsoleAuth {
  operator: OperatorRecord;
  tokenHash: string;
  stage: 'enrol' | 'full';
  reauthAt: string | null;
  expiresAt: string;
}

export interface OperatorServiceDeps {
  repos: Repositories;
  hasher: PasswordHasher;
  /** Keys `op:<username>` and `ip:<address>`, the members' sign-in policies. */
  limiter: AttemptLimiter;
  log: FastifyBaseLogger;
  issuer: () => Promise<string>;
  now?: () => Date;
}

const signedOut = () => new AppError(401, 'UC/UNAUTHORIZED', '请先登录管理后台');
const badCredentials = () => new AppError(400, 'UC/BAD_CREDENTIALS', '用户名、密码或验证码错误');
const codeInvalid = () =>
  new AppError(400, 'ADMIN/CODE_INVALID', '验证码错误或已使用', { code: '验证码错误或已使用' });
/** Lifetime of a session still waiting for its second factor. */
const ENROL_MS = 15 * 60_000;
const EXTEND_EVERY_MS = 60_000;

export function toOperatorInfo(o: OperatorRecord): OperatorInfo {
  return {
    id: o.id,
    username: o.username,
    role: o.role,
    totp: o.totpSecret !== null,
    disabled: o.disabledAt !== null,
    createdAt: o.createdAt,
  };
}

export function createOperatorService(deps: OperatorServiceDeps) {
  const { repos, hasher, limiter, log } = deps;
  const now = deps.now ?? (() => new Date());
  const accountKey = (username: string) => `op:${username.toLowerCase()}`;
  // Counted by the address's key, so one IPv6 subscriber's whole /64 shares one lock.
  const addressLimit = (ip: string) => `ip:${addressKey(ip)}`;
  const signInAudit = createSignInAudit({ repos, log, now });

  async function startSession(o: OperatorRecord, stage: 'enrol' | 'full', ip: string) {
    const t = now();
    const token = newToken();
    const life = stage === 'enrol' ? ENROL_MS : CONSOLE_IDLE_MS;
    await repos.operators.createSession({
      tokenHash: tokenHash(token),
      operatorId: o.id,
      stage,
      now: t.toISOString(),
      expiresAt: new Date(t.getTime() + life).toISOString(),
      absoluteExpiresAt: new Date(t.getTime() + CONSOLE_ABSOLUTE_MS).toISOString(),
      address: ip,
    });
    return token;
  }

  /** A code from the authenticator (used once) or an unused recovery code; null when wrong. */
  async function secondFactor(o: OperatorRecord, code: string): Promise<'ok' | 'recovery' | null> {
    const given = code.replace(/\s+/g, '');
    if (o.totpSecret && /^\d{6}$/.test(given)) {
      const step = codeStep(o.totpSecret, given, now());
      return step !== null && (await repos.operators.useTotpStep(o.id, step)) ? 'ok' : null;
    }
    if (isRecoveryShaped(code)) {
      const used = await repos.operators.useRecoveryHash(
        o.id,
        recoveryHash(code),
        now().toISOString(),
      );
      if (used) log.warn({ operatorId: o.id }, 'operator signed in with a recovery code');
      return used ? 'recovery' : null;
    }
    return null;
  }

  /**
   * Password and code checked together under the sign-in limits of the account and the address:
   * the answer never says which of the two was wrong, so the password is not confirmed to anyone
   * without the second factor. An operator without one yet signs in nowhere but through the
   * enrolment link its owner handed over.
   */
  async function verify(
    o: OperatorRecord | undefined,
    username: string,
    password: string,
    code: string,
    ip: string,
  ): Promise<'ok' | 'recovery' | 'bad'> {
    const account = accountKey(username);
    let ticket;
    try {
      ticket = await reserve(limiter, [account, addressLimit(ip)]);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429) {
        const wait = Number(err.headers['retry-after'] ?? 60) * 1000;
        await signInAudit.refusedWhileLocked(username, ip, wait);
      }
      throw err;
    }
    let verdict: 'ok' | 'recovery' | 'bad' | null = null;
    try {
      const right = await hashing(() =>
        o
          ? hasher.verify(password, o.passwordHash, addressLimit(ip))
          : hasher.dummyVerify(password, addressLimit(ip)).then(() => false),
      );
      if (!right || !o || o.disabledAt || !o.totpSecret) verdict = 'bad';
      else verdict = (await secondFactor(o, code)) ?? 'bad';
      return verdict;
    } finally {
      const locked = await limiter.finish(
        ticket,
        verdict === 'ok' || verdict === 'recovery' ? 'undone' : 'failed',
        verdict === 'ok' || verdict === 'recovery' ? [account] : [],
      );
      if (locked > 0) log.warn({ locked }, 'console sign-in attempts locked');
      const who = { username, operatorId: o?.id ?? null };
      if (verdict === 'ok' || verdict === 'recovery') await signInAudit.write(verdict, who, ip);
      else if (locked > 0) {
        await signInAudit.write('locked', who, ip, { retryAfterS: Math.ceil(locked / 1000) });
      } else await signInAudit.write('failed', who, ip);
    }
  }

  const enrolLinks = createEnrolLinks({
    repos,
    hasher,
    limiter,
    log,
    now,
    audit: signInAudit,
    startSession,
  });

  function sessionOf(auth: ConsoleAuth): ConsoleSession {
    const until = auth.reauthAt ? Date.parse(auth.reauthAt) + REAUTH_WINDOW_MS : 0;
    return {
      operator: toOperatorInfo(auth.operator),
      stage: auth.stage,
      reauthUntil: until > now().getTime() ? new Date(until).toISOString() : null,
      expiresAt: auth.expiresAt,
    };
  }

  return {
    sessionOf,

    async signIn(
      input: { username: string; password: string; code?: string },
      ip: string,
    ): Promise<{ token: string; stage: 'enrol' | 'full' }> {
      // Asked before anything is looked up: the answer says nothing of the name or password.
      if (!input.code) {
        throw new AppError(400, 'ADMIN/CODE_REQUIRED', '请输入用户名、密码和验证器中的验证码', {
          code: '请输入验证码',
        });
      }
      const o = await repos.operators.findByUsername(input.username);
      const verdict = await verify(o, input.username, input.password, input.code, ip);
      if (verdict === 'bad' || !o) throw badCredentials();
      log.info({ operatorId: o.id }, 'operator signed in');
      return { token: await startSession(o, 'full', ip), stage: 'full' };
    },

    /** The owner's one-time link for an operator still without a second factor. */
    issueEnrolLink: enrolLinks.issue,
    /** The link and the password: an `enrol` session (its token). */
    claimEnrolment: enrolLinks.claim,

    /** The session of a cookie's token; 401 when unknown, expired, or the operator disabled. */
    async authenticate(token: string): Promise<ConsoleAuth> {
      if (!isTokenShaped(token)) throw signedOut();
      const hash = tokenHash(token);
      const t = now();
      const s = await repos.operators.findSession(hash, t.toISOString());
      if (!s) throw signedOut();
      const o = await repos.operators.get(s.operatorId);
      if (!o || o.disabledAt) {
        await repos.operators.removeSession(hash);
        throw signedOut();
      }
      let expiresAt = s.expiresAt;
      if (s.stage === 'full') {
        const next = Math.min(t.getTime() + CONSOLE_IDLE_MS, Date.parse(s.absoluteExpiresAt));
        if (next - Date.parse(s.expiresAt) >= EXTEND_EVERY_MS) {
          expiresAt = new Date(next).toISOString();
          await repos.operators.touchSession(hash, { expiresAt });
        }
      }
      return { operator: o, tokenHash: hash, stage: s.stage, reauthAt: s.reauthAt, expiresAt };
    },

    async signOut(auth: ConsoleAuth): Promise<void> {
      await repos.operators.removeSession(auth.tokenHash);
    },

    /** A new secret to scan; replaces any earlier unconfirmed one. */
    async beginEnrolment(auth: ConsoleAuth) {
      if (auth.operator.totpSecret) {
        throw new AppError(400, 'REQ/INVALID', '已启用两步验证');
      }
      const secret = newTotpSecret();
      await repos.operators.update(auth.operator.id, { totpPending: secret }, now().toISOString());
      return enrolment(secret, auth.operator.username, await deps.issuer());
    },

    /** The first code of the new secret turns it on; returns the recovery codes, shown once. */
    async confirmEnrolment(auth: ConsoleAuth, code: string): Promise<string[]> {
      const o = await repos.operators.get(auth.operator.id);
      if (!o?.totpPending || o.totpSecret) {
        throw new AppError(400, 'REQ/INVALID', '请先获取新的验证器密钥');
      }
      const step = codeStep(o.totpPending, code.replace(/\s+/g, ''), now());
      if (step === null || !(await repos.operators.useTotpStep(o.id, step))) throw codeInvalid();
      const codes = newRecoveryCodes();
      const t = now().toISOString();
      await repos.operators.update(
        o.id,
        { totpSecret: o.totpPending, totpPending: null, recoveryHashes: codes.map(recoveryHash) },
        t,
      );
      const expiresAt = new Date(now().getTime() + CONSOLE_IDLE_MS).toISOString();
      await repos.operators.touchSession(auth.tokenHash, { stage: 'full', reauthAt: t, expiresAt });
      log.info({ operatorId: o.id }, 'operator enrolled a second factor');
      return codes;
    },

    /** The password or a code again: dangerous actions are allowed for the next 5 minutes. */
    async reauthenticate(
      auth: ConsoleAuth,
      input: { password?: string; code?: string },
      ip: string,
    ): Promise<void> {
      const o = auth.operator;
      const account = accountKey(o.username);
      const ticket = await reserve(limiter, [account, addressLimit(ip)]);
      let right: boolean | null = null;
      try {
        if (input.code) right = (await secondFactor(o, input.code)) !== null;
        else if (input.password) {
          const password = input.password;
          right = await hashing(() => hasher.verify(password, o.passwordHash, account));
        } else right = false;
      } finally {
        await limiter.finish(ticket, right === false ? 'failed' : 'undone', right ? [account] : []);
      }
      if (!right) {
        throw new AppError(400, 'UC/BAD_CREDENTIALS', '密码或验证码错误', {
          reauth: '密码或验证码错误',
        });
      }
      await repos.operators.touchSession(auth.tokenHash, { reauthAt: now().toISOString() });
    },

    /** Refuses with ADMIN/REAUTH_REQUIRED unless the password or a code was given lately. */
    requireRecent(auth: ConsoleAuth): void {
      const at = auth.reauthAt ? Date.parse(auth.reauthAt) : 0;
      if (now().getTime() - at > REAUTH_WINDOW_MS) {
        throw new AppError(403, 'ADMIN/REAUTH_REQUIRED', '此操作需要重新验证密码或验证码');
      }
    },

    async list(): Promise<OperatorInfo[]> {
      return (await repos.operators.list()).map(toOperatorInfo);
    },

    async create(input: { username: string; password: string; role: OperatorRole }) {
      if (!OPERATOR_NAME_SHAPE.test(input.username)) {
        throw new AppError(400, 'REQ/INVALID', '用户名为 3–32 位字母、数字或下划线', {
          username: '用户名为 3–32 位字母、数字或下划线',
        });
      }
      const problem = passwordProblem(input.password, input.username);
      if (problem) throw new AppError(400, 'UC/BAD_PASSWORD', problem, { password: problem });
      const key = accountKey(input.username);
      const passwordHash = await hashing(() => hasher.hash(input.password, key));
      const o = await repos.operators.create(
        { username: input.username, passwordHash, role: input.role },
        now().toISOString(),
      );
      if (!o) {
        throw new AppError(400, 'UC/USERNAME_TAKEN', '该用户名已被使用', {
          username: '该用户名已被使用',
        });
      }
      return { operator: toOperatorInfo(o), enrol: await enrolLinks.issue(o.id) };
    },

    /**
     * Role, disabled, password or second factor reset. Any of these ends the operator's sessions,
     * so a demoted or disabled operator holds no session of the old rights.
     */
    async update(
      id: number,
      patch: { role?: OperatorRole; disabled?: boolean; password?: string; resetTotp?: boolean },
      by: { id: number | null },
    ) {
      const o = await repos.operators.get(id);
      if (!o) throw new AppError(404, 'NOT_FOUND', '没有这个管理员');
      if (by.id === id && (patch.disabled || (patch.role && patch.role !== 'owner'))) {
        throw new AppError(400, 'REQ/INVALID', '不能停用自己或降低自己的权限');
      }
      const t = now().toISOString();
      let passwordHash: string | undefined;
      if (patch.password !== undefined) {
        const problem = passwordProblem(patch.password, o.username);
        if (problem) throw new AppError(400, 'UC/BAD_PASSWORD', problem, { password: problem });
        const pw = patch.password;
        passwordHash = await hashing(() => hasher.hash(pw, accountKey(o.username)));
      }
      await repos.operators.update(
        id,
        {
          ...(patch.role !== undefined && { role: patch.role }),
          ...(patch.disabled !== undefined && { disabledAt: patch.disabled ? t : null }),
          ...(passwordHash !== undefined && { passwordHash }),
          ...(patch.resetTotp && { totpSecret: null, totpPending: null, recoveryHashes: [] }),
        },
        t,
      );
      const ended = await repos.operators.removeSessionsOf(id);
      log.info({ operatorId: id, sessionsEnded: ended }, 'operator changed');
      const after = await repos.operators.get(id);
      return { before: toOperatorInfo(o), after: toOperatorInfo(after!) };
    },

    async sweep(): Promise<number> {
      return repos.operators.removeExpiredSessions(now().toISOString());
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
