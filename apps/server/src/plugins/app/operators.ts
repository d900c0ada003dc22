// The console's operators (issue 15): who is calling an admin route, what their role lets them
// do, and the audit entry every change leaves behind.
import { createHash, timingSafeEqual } from 'node:crypto';
import { roleMay, type ConsoleArea, type OperatorRole } from '@kaijiang/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound } from '../../lib/errors.ts';
import { cookiesOf } from '../../lib/request-cookies.ts';
import { isMultipart } from '../../lib/multipart.ts';
import { rateLimited } from '../../services/members/service.ts';
import {
  createTokenGuesses,
  type TokenGuessPolicy,
} from '../../services/operators/token-guesses.ts';
import { createConsoleReads, type ConsoleReads } from '../../services/operators/console-reads.ts';
import {
  createOperatorService,
  type ConsoleAuth,
  type OperatorService,
} from '../../services/operators/service.ts';

export const CONSOLE_COOKIE = 'kj_console';
export const CONSOLE_COOKIE_PATH = '/app-api/admin';

export interface Operator {
  /** Null for ADMIN_TOKEN (automation). */
  id: number | null;
  name: string;
  role: OperatorRole;
}

declare module 'fastify' {
  interface FastifyInstance {
    operators: OperatorService;
    /** What the console's screens read: the audit trail, the dashboard's figures. */
    consoleReads: ConsoleReads;
    /**
     * onRequest hook of admin routes: ADMIN_TOKEN (`Authorization: Bearer`, automation, every
     * area) or a console session cookie whose role may touch `area`; sets request.operator.
     */
    consoleGuard: (area: ConsoleArea) => (request: FastifyRequest) => Promise<void>;
    /** onRequest hook of the console's own calls: any signed-in operator, or one still enrolling. */
    consoleSession: (opts: { enrolling: boolean }) => (request: FastifyRequest) => Promise<void>;
    /** Dangerous actions from the console need the password or a code given lately (automation does not). */
    requireReauth: (request: FastifyRequest) => void;
  }
  interface FastifyRequest {
    operator: Operator | null;
    consoleAuth: ConsoleAuth | null;
    /** What a change replaced, for its audit entry (routes that know it set it). */
    auditBefore: unknown;
  }
  interface FastifyContextConfig {
    /** The audit entry's action name; changes of routes without one are named by method and URL. */
    audit?: string;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const digest = (s: string) => createHash('sha256').update(s).digest();
/** Never written to the audit log, whatever route receives them. */
const SECRET_FIELDS = /^(password|newPassword|oldPassword|code|token|secret)$/i;
const AUDIT_VALUE_MAX = 8_000;

/** A body or value as stored in the log: secrets out, size bounded. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Buffer.isBuffer(value) || typeof value === 'function') return null;
  let json: string;
  try {
    json = JSON.stringify(value, (key, v: unknown) =>
      key && SECRET_FIELDS.test(key) ? '[hidden]' : v,
    );
  } catch {
    return null;
  }
  if (json === undefined) return null;
  return json.length > AUDIT_VALUE_MAX ? JSON.stringify({ truncated: json.slice(0, 2_000) }) : json;
}

export interface OperatorsPluginOptions {
  /** Wrong ADMIN_TOKEN guesses before an address waits (tests pass a small count). */
  tokenGuesses?: TokenGuessPolicy;
}

export default fp(
  async (app, opts: OperatorsPluginOptions) => {
    const { config } = app;
    const service = createOperatorService({
      repos: app.repos,
      hasher: app.passwords.hasher,
      limiter: app.passwords.loginLimiter,
      log: app.log,
      async issuer() {
        const company = await app.repos.company.get(config.companyCode);
        return `${company?.name || 'kaijiang'} 管理后台`;
      },
    });
    app.decorate('operators', service);
    app.decorate('consoleReads', createConsoleReads(app.repos));
    app.decorateRequest('operator', null);
    app.decorateRequest('consoleAuth', null);
    app.decorateRequest('auditBefore', undefined);

    const expected = config.adminToken ? digest(config.adminToken) : null;
    const guesses = createTokenGuesses(opts.tokenGuesses);
    const signedOut = () => new AppError(401, 'UC/UNAUTHORIZED', '请先登录管理后台');

    async function fromCookie(request: FastifyRequest): Promise<ConsoleAuth> {
      const token = cookiesOf(request)[CONSOLE_COOKIE];
      if (!token) throw signedOut();
      // The cookie is SameSite=Strict; the double-submit token is the second lock.
      if (!SAFE.has(request.method)) app.assertNotForged(request);
      const auth = await service.authenticate(token);
      request.consoleAuth = auth;
      return auth;
    }

    app.decorate('consoleGuard', (area: ConsoleArea) => async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (header !== undefined) {
        // Without a configured token, a Bearer caller finds nothing here, as before the console.
        if (!expected) throw notFound();
        const given = header.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
        if (!given) throw new AppError(401, 'UC/UNAUTHORIZED', '需要管理员令牌');
        const wait = guesses.waitMs(request.ip);
        if (wait > 0) throw rateLimited(wait, '管理员令牌错误次数过多，请稍后再试');
        // Hashing first gives equal lengths, so the comparison time says nothing about the token.
        if (!timingSafeEqual(digest(given), expected)) {
          guesses.failed(request.ip);
          request.log.warn('wrong admin token');
          throw new AppError(403, 'REQ/FORBIDDEN', '管理员令牌无效');
        }
        request.operator = { id: null, name: 'ADMIN_TOKEN', role: 'owner' };
        return;
      }
      if (!cookiesOf(request)[CONSOLE_COOKIE] && !expected) throw notFound();
      const auth = await fromCookie(request);
      if (auth.stage !== 'full') {
        throw new AppError(403, 'ADMIN/ENROL_REQUIRED', '请先完成两步验证设置');
      }
      if (!roleMay(auth.operator.role, area)) {
        throw new AppError(403, 'REQ/FORBIDDEN', '你的角色无权进行此操作');
      }
      request.operator = {
        id: auth.operator.id,
        name: auth.operator.username,
        role: auth.operator.role,
      };
    });

    app.decorate(
      'consoleSession',
      (opts: { enrolling: boolean }) => async (request: FastifyRequest) => {
        const auth = await fromCookie(request);
        if (auth.stage !== 'full' && !opts.enrolling) {
          throw new AppError(403, 'ADMIN/ENROL_REQUIRED', '请先完成两步验证设置');
        }
        request.operator = {
          id: auth.operator.id,
          name: auth.operator.username,
          role: auth.operator.role,
        };
      },
    );

    app.decorate('requireReauth', (request: FastifyRequest) => {
      if (request.consoleAuth) service.requireRecent(request.consoleAuth);
    });

    // Every change an operator makes leaves an entry, written before the answer leaves: who,
    // when, from where, what (the route's action and target), before (when the route knows it)
    // and after (the body sent, secrets hidden). Refused and failed calls changed nothing.
    // Every request passes here: only an operator's change pays for a promise (see no-nul.ts).
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      const op = request.operator;
      if (!op || SAFE.has(request.method) || reply.statusCode >= 400) {
        done(null, payload);
        return;
      }
      void audit(request, op).then(() => done(null, payload));
    });

    async function audit(request: FastifyRequest, op: NonNullable<FastifyRequest['operator']>) {
      const action =
        request.routeOptions.config.audit ?? `${request.method} ${request.routeOptions.url ?? ''}`;
      try {
        await app.repos.audit.add({
          at: new Date().toISOString(),
          operatorId: op.id,
          actor: op.name,
          address: request.ip,
          action,
          target: auditJson(request.params) ?? '',
          before: auditJson(request.auditBefore),
          after: isMultipart(request) ? null : auditJson(request.body),
        });
      } catch (err) {
        request.log.error({ err, action }, 'audit entry not written');
      }
    }

    const sweep = () =>
      service
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'console session sweep failed'));
    const timer = setInterval(sweep, 60 * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'operators', dependencies: ['config', 'repositories', 'members', 'xsrf'] },
);
