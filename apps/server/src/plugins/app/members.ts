import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../../lib/errors.ts';
import {
  createMemoryLimiter,
  createRedisLimiter,
  single,
  type AttemptLimiter,
  type AttemptPolicy,
  type ScopeOf,
} from '../../services/members/attempt-limiter.ts';
import { createMemberAdmin, type MemberAdmin } from '../../services/members/admin.ts';
import { createInbox, type Inbox } from '../../services/members/inbox.ts';
import {
  createPasswordHasher,
  DEFAULT_SCRYPT,
  type PasswordHasher,
} from '../../services/members/password.ts';
import {
  createMemberService,
  type MemberService,
  type MemberSession,
  type SessionPolicy,
} from '../../services/members/service.ts';
import { tokenFromHeaders } from '../../services/members/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    members: MemberService;
    /** Messages and collections of the signed-in member. */
    inbox: Inbox;
    /** What the console's moderators do to members (routes/console/members.ts). */
    memberAdmin: MemberAdmin;
    /** onRequest hook of member-only routes: sets request.member or refuses (401 / 400). */
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The one scrypt queue and the sign-in limits, shared with the console's operators. */
    passwords: { hasher: PasswordHasher; loginLimiter: AttemptLimiter };
  }
  interface FastifyRequest {
    member: MemberSession | null;
  }
}

const MINUTE = 60_000;

/** docs/architecture.md §4 anti-automation; tests pass tighter or looser ones. */
export const DEFAULT_LIMITS: Record<'loginAccount' | 'loginAddress' | 'register', AttemptPolicy> = {
  // 5 wrong passwords in 15 minutes lock the account for 5, 10, 20, 40, then 60 minutes.
  loginAccount: {
    max: 5,
    windowMs: 15 * MINUTE,
    baseLockMs: 5 * MINUTE,
    maxLockMs: 60 * MINUTE,
    memoryMs: 24 * 60 * MINUTE,
  },
  // An address may be a whole office or campus behind NAT: more room, same growth.
  loginAddress: {
    max: 20,
    windowMs: 15 * MINUTE,
    baseLockMs: 5 * MINUTE,
    maxLockMs: 60 * MINUTE,
    memoryMs: 24 * 60 * MINUTE,
  },
  // Every registration counts, successful or not: this stops mass sign-ups and name probing.
  register: {
    max: 10,
    windowMs: 60 * MINUTE,
    baseLockMs: 15 * MINUTE,
    maxLockMs: 60 * MINUTE,
    memoryMs: 24 * 60 * MINUTE,
  },
};

export interface MembersPluginOptions {
  limits?: Partial<typeof DEFAULT_LIMITS>;
  session?: SessionPolicy;
  now?: () => Date;
  /** Waiting hashes beyond the running ones before sign-ins get 429 (default 64). */
  hashQueue?: number;
}

export default fp(
  async (app, opts: MembersPluginOptions) => {
    const { config } = app;
    const policies = {
      ...DEFAULT_LIMITS,
      register: { ...DEFAULT_LIMITS.register, max: config.registrationsPerHour },
      ...opts.limits,
    };

    let redis: Redis | null = null;
    if (config.redisUrl) {
      // Limits must answer fast or not at all: no offline queue, a short command timeout, and
      // the per-process counters take over while Redis is away.
      redis = new Redis(config.redisUrl, {
        connectionName: 'kaijiang-auth-limits',
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 500,
        retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
      });
      redis.on('error', () => undefined);
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
    }
    const limiter = (scopeOf: ScopeOf): AttemptLimiter => {
      const local = createMemoryLimiter(scopeOf);
      if (!redis) return local;
      return createRedisLimiter({
        redis,
        prefix: `kaijiang:${config.companyCode}:auth:`,
        scopeOf,
        fallback: local,
        log: app.log,
      });
    };
    // One limiter for both sign-in scopes, so an attempt reserves its account and its address in
    // one atomic step; each key keeps its own scope's policy.
    const loginScope: ScopeOf = (key) =>
      key.startsWith('acct:')
        ? { name: 'loginAccount', policy: policies.loginAccount }
        : { name: 'loginAddress', policy: policies.loginAddress };

    const hasher = createPasswordHasher(
      { ...DEFAULT_SCRYPT, logN: config.passwords.scryptLogN },
      { concurrency: config.passwords.hashConcurrency, queue: opts.hashQueue ?? 64 },
    );
    const loginLimiter = limiter(
      // Operators' accounts (`op:`) count like members' accounts, in a scope of their own.
      (key) =>
        key.startsWith('op:')
          ? { name: 'consoleAccount', policy: policies.loginAccount }
          : loginScope(key),
    );
    app.decorate('passwords', { hasher, loginLimiter });
    const service = createMemberService({
      repos: app.repos,
      hasher,
      limits: {
        login: loginLimiter,
        register: limiter(single('register', policies.register)),
      },
      session: opts.session,
      now: opts.now,
      log: app.log,
      async welcome() {
        const company = await app.repos.company.get(config.companyCode);
        const siteName = company?.name || '本站';
        return {
          title: `欢迎加入${siteName}`,
          content:
            `你好，欢迎注册${siteName}会员！现在你可以收藏资讯、图库和开奖记录，` +
            '并在这里接收站内消息。请妥善保管你的登录密码，本站工作人员不会向你索取密码。',
        };
      },
    });
    app.decorate('members', service);
    app.decorate('inbox', createInbox(app.repos, opts.now));
    app.decorate(
      'memberAdmin',
      createMemberAdmin({
        repos: app.repos,
        hasher,
        // The chat plugin registers after this one (app.ts): a console call finds it there.
        revokeChat: (id) => app.chat.revokeMember(id, null),
      }),
    );

    app.decorateRequest('member', null);
    app.decorate('requireMember', async (request: FastifyRequest) => {
      const token = tokenFromHeaders(request.headers);
      if (token === undefined) throw new AppError(401, 'UC/UNAUTHORIZED', '请先登录');
      request.member = await service.authenticate(token);
    });

    const sweep = () =>
      service
        .sweepSessions()
        .then((n) => n > 0 && app.log.info({ sessions: n }, 'expired sessions removed'))
        .catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
    const timer = setInterval(sweep, 60 * MINUTE);
    timer.unref();
    app.addHook('onReady', async () => void sweep());
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'members', dependencies: ['config', 'repositories'] },
);
