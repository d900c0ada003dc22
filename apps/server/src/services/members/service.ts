// Sign-up, sign-in, sessions, profile and passwords. Every refusal is decided before anything is
// written, and nothing secret (password, token, hash) leaves this module except the new token.
import type { PasswordType, Profile, UserInfo } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { MemberRecord, ProfilePatch } from '../../repositories/member-repository.ts';
import type { AttemptLimiter, AttemptTicket } from './attempt-limiter.ts';
import { HashQueueFull, type PasswordHasher } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import { isTokenShaped, newToken, tokenHash } from './tokens.ts';
import { addressKey } from '../../lib/client-address.ts';
import { cleanNickname, reservedUsername } from './nickname.ts';

export interface SessionPolicy {
  /** A token unused this long expires (sliding). */
  idleMs: number;
  /** A token expires this long after sign-in whatever its use. */
  absoluteMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 86_400_000,
  absoluteMs: 90 * 86_400_000,
};
/** Sliding expiry is written back at most this often per token, not on every call. */
const EXTEND_EVERY_MS = 86_400_000;

export interface MemberSession {
  memberId: number;
  tokenHash: string;
}

export interface MemberLimits {
  /** Failed sign-ins, per account (`acct:<name>`) and per address (`ip:<addr>`). */
  login: AttemptLimiter;
  /** Registrations per address, successful or not. */
  register: AttemptLimiter;
}

export interface MemberServiceDeps {
  repos: Repositories;
  hasher: PasswordHasher;
  limits: MemberLimits;
  session?: SessionPolicy;
  now?: () => Date;
  log: FastifyBaseLogger;
  /** The first message of every new member. */
  welcome: () => Promise<{ title: string; content: string }>;
}

const badCredentials = () => new AppError(400, 'UC/BAD_CREDENTIALS', '用户名或密码错误');
export const tokenInvalid = () => new AppError(400, 'UC/TOKEN_INVALID', '登录已失效，请重新登录');
const badPassword = (field: string, msg: string) =>
  new AppError(400, 'UC/BAD_PASSWORD', msg, { [field]: msg });

export function rateLimited(ms: number, msg?: string): AppError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError(
    429,
    'REQ/RATE_LIMITED',
    msg ?? `尝试次数过多，请 ${minutes} 分钟后再试`,
    null,
    { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) },
  );
}

/** Hashing slots are full: the same answer as a limit, with a short wait. */
export async function hashing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HashQueueFull) {
      throw rateLimited(2000, '访问人数过多，请稍后再试');
    }
    throw err;
  }
}

/** Reserves an attempt on every key before anything is hashed, or refuses with 429. */
export async function reserve(
  limiter: AttemptLimiter,
  keys: readonly string[],
): Promise<AttemptTicket> {
  const r = await limiter.reserve(keys);
  if (r.ok) return r.ticket;
  throw r.busy ? rateLimited(r.waitMs, '上一次尝试尚未完成，请稍后再试') : rateLimited(r.waitMs);
}

export function toUserInfo(m: MemberRecord): UserInfo {
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    phone: m.phone,
    avatar: m.avatar,
    rebate: m.rebate,
    balance: m.balance,
    hasWithdrawPassword: m.withdrawHash !== null,
    createdAt: m.createdAt,
  };
}

export function createMemberService(deps: MemberServiceDeps) {
  const { repos, hasher, limits, log } = deps;
  const policy = deps.session ?? DEFAULT_SESSION_POLICY;
  const now = deps.now ?? (() => new Date());
  const accountKey = (username: string) => `acct:${username.toLowerCase()}`;
  // Any address given is counted by its key (an IPv6 visitor by its /64), whoever keyed it first.
  const addressLimit = (ip: string) => `ip:${addressKey(ip)}`;

  async function startSession(memberId: number): Promise<string> {
    const t = now();
    const token = newToken();
    await repos.sessions.create({
      tokenHash: tokenHash(token),
      memberId,
      now: t.toISOString(),
      expiresAt: new Date(t.getTime() + policy.idleMs).toISOString(),
      absoluteExpiresAt: new Date(t.getTime() + policy.absoluteMs).toISOString(),
    });
    return token;
  }

  async function memberOf(session: MemberSession): Promise<MemberRecord> {
    const member = await repos.members.get(session.memberId);
    // Deleted between authentication and now.
    if (!member) throw tokenInvalid();
    return member;
  }

  return {
    async register(
      input: { username: string; password: string; nickname?: string; phone?: string },
      ip: string,
    ): Promise<string> {
      // Every registration counts, successful or not, and an address registers one at a time.
      const ticket = await reserve(limits.register, [addressLimit(ip)]);
      try {
        const problem = passwordProblem(input.password, input.username);
        if (problem) throw badPassword('password', problem);
        const taken = () =>
          new AppError(400, 'UC/USERNAME_TAKEN', '该用户名已被注册', {
            username: '该用户名已被注册',
          });
        // Checked first so a taken name costs no hash; the insert below settles any race.
        if (await repos.members.findByUsername(input.username)) throw taken();
        // The username is shown where no nickname is: it may not pass for staff either.
        if (await reservedUsername(repos, input.username)) {
          throw new AppError(400, 'REQ/INVALID', '该用户名为系统保留，请换一个', {
            username: '该用户名为系统保留，请换一个',
          });
        }
        const nickname = await cleanNickname(repos, input.nickname ?? '');
        const passwordHash = await hashing(() => hasher.hash(input.password, addressLimit(ip)));
        const t = now().toISOString();
        const member = await repos.members.create(
          {
            username: input.username,
            nickname,
            phone: input.phone?.trim() ?? '',
            passwordHash,
          },
          t,
        );
        if (!member) throw taken();
        await repos.messages.create(member.id, await deps.welcome(), t);
        log.info({ memberId: member.id }, 'member registered');
        return await startSession(member.id);
      } finally {
        await limits.register.finish(ticket, 'failed');
      }
    },

    async login(input: { username: string; password: string }, ip: string): Promise<string> {
      const account = accountKey(input.username);
      // Reserved before the hash, on the account and the address together: until this attempt
      // is decided, every other one on either key is refused without hashing.
      const ticket = await reserve(limits.login, [account, addressLimit(ip)]);
      let member: MemberRecord | undefined;
      let evaluated = false;
      let ok = false;
      try {
        member = await repos.members.findByUsername(input.username);
        const found = member;
        ok = await hashing(() =>
          found
            ? hasher.verify(input.password, found.passwordHash, addressLimit(ip))
            : hasher.dummyVerify(input.password, addressLimit(ip)).then(() => false),
        );
        evaluated = true;
      } finally {
        // The reserved failure stands only when a hash said no; an attempt that never got a
        // verdict (queue full, database error) is taken back. A success forgives the account.
        const failed = evaluated && !ok;
        const locked = await limits.login.finish(
          ticket,
          failed ? 'failed' : 'undone',
          ok ? [account] : [],
        );
        if (locked > 0) log.warn({ locked }, 'sign-in attempts locked');
      }
      if (!member || !ok) throw badCredentials();
      // Told only to whoever knows the password: a disabled name is not probed by guessing.
      if (member.disabledAt) {
        throw new AppError(403, 'UC/DISABLED', '该账号已被停用，如有疑问请联系客服');
      }
      if (hasher.needsRehash(member.passwordHash)) {
        // Not worth refusing a good sign-in for: a full queue leaves it to the next sign-in.
        const upgraded = await hasher
          .hash(input.password, addressLimit(ip))
          .catch((err: unknown) => {
            if (err instanceof HashQueueFull) return null;
            throw err;
          });
        if (upgraded) await repos.members.setPasswordHash(member.id, upgraded, now().toISOString());
      }
      return startSession(member.id);
    },

    /** The session of a token; 400 UC/TOKEN_INVALID when unknown, expired or revoked. */
    async authenticate(token: string): Promise<MemberSession> {
      if (!isTokenShaped(token)) throw tokenInvalid();
      const hash = tokenHash(token);
      const t = now();
      const session = await repos.sessions.find(hash, t.toISOString());
      if (!session) throw tokenInvalid();
      const next = Math.min(t.getTime() + policy.idleMs, Date.parse(session.absoluteExpiresAt));
      if (next - Date.parse(session.expiresAt) >= EXTEND_EVERY_MS) {
        await repos.sessions.extend(hash, new Date(next).toISOString());
      }
      return { memberId: session.memberId, tokenHash: hash };
    },

    async logout(session: MemberSession): Promise<void> {
      await repos.sessions.remove(session.tokenHash);
    },

    async profile(session: MemberSession): Promise<Profile> {
      const member = await memberOf(session);
      const [unreadMessages, collections] = await Promise.all([
        repos.messages.countUnread(member.id),
        repos.collections.count(member.id),
      ]);
      return { userInfo: toUserInfo(member), extInfo: { unreadMessages, collections } };
    },

    async updateProfile(session: MemberSession, patch: ProfilePatch): Promise<UserInfo> {
      const member = await memberOf(session);
      const clean: ProfilePatch = {
        ...(patch.nickname !== undefined && {
          nickname: await cleanNickname(repos, patch.nickname, member.id),
        }),
        ...(patch.phone !== undefined && { phone: patch.phone.trim() }),
        ...(patch.avatar !== undefined && { avatar: patch.avatar.trim() }),
      };
      await repos.members.updateProfile(member.id, clean, now().toISOString());
      return toUserInfo({ ...member, ...clean });
    },

    async updatePassword(
      session: MemberSession,
      input: { type: PasswordType; oldPassword?: string; newPassword: string },
    ): Promise<void> {
      const member = await memberOf(session);
      const current = input.type === 'login' ? member.passwordHash : member.withdrawHash;
      const account = accountKey(member.username);
      if (current !== null) {
        if (!input.oldPassword) {
          throw new AppError(400, 'REQ/INVALID', '请求参数有误', { oldPassword: '请输入原密码' });
        }
        // The account's sign-in limit: guessing the old password is guessing the password.
        const ticket = await reserve(limits.login, [account]);
        let right: boolean | null = null;
        try {
          right = await hashing(() => hasher.verify(input.oldPassword!, current, account));
        } finally {
          await limits.login.finish(ticket, right === false ? 'failed' : 'undone');
        }
        if (!right) throw badPassword('oldPassword', '原密码错误');
        if (input.oldPassword === input.newPassword) {
          throw badPassword('newPassword', '新密码不能与原密码相同');
        }
      }
      const problem = passwordProblem(input.newPassword, member.username);
      if (problem) throw badPassword('newPassword', problem);
      const hash = await hashing(() => hasher.hash(input.newPassword, account));
      const t = now().toISOString();
      if (input.type === 'login') {
        await repos.members.setPasswordHash(member.id, hash, t);
        // Whoever else holds a token (a stolen one included) must sign in with the new password.
        const ended = await repos.sessions.removeOthers(member.id, session.tokenHash);
        log.info({ memberId: member.id, sessionsEnded: ended }, 'login password changed');
      } else {
        if (!(await repos.members.setWithdrawHash(member.id, hash, current, t))) {
          // Someone changed it between our read and write: make them try again with the new one.
          throw badPassword('oldPassword', '资金密码已被修改，请重新输入');
        }
        log.info({ memberId: member.id }, 'withdrawal password set');
      }
    },

    /** Drops expired sessions; run now and then. */
    async sweepSessions(): Promise<number> {
      return repos.sessions.removeExpired(now().toISOString());
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
