// What every answer to a fuzz case must satisfy (docs/architecture.md §4), and which known holes a violation
// belongs to while their fixes wait on other branches.
import type { FuzzCase } from './generate.ts';
import type { RawResult } from './raw-http.ts';

export interface Violation {
  rule: string;
  kind: string;
  method: string;
  target: string;
  status?: number;
  detail: string;
  /** Set when the violation is one of KNOWN_FIXED_ON_OTHER_BRANCHES. */
  knownHole?: string;
}

/**
 * Holes of issue 11 that other branches close. While an id is listed, the fuzz counts its
 * violations without failing and its probe in test/fuzz/known-holes.test.ts runs as `it.fails`.
 * Once the fix is merged that probe fails: then REMOVE THE ID, and any recurrence fails again.
 *
 * helper A: xsrf-path-spelling, malformed-url-envelope (router errors: a URL that does not
 * decode, a parameter over 100 characters), trust-proxy-hops, admin-token-rules,
 * pages-accept-any, pages-no-accept, soft-404; helper B: login-lockout-parallel; helper D:
 * heavy-call-stall (a CSV export holding the event loop while other requests wait for seconds).
 */
export const KNOWN_FIXED_ON_OTHER_BRANCHES: ReadonlySet<string> = new Set([]);

/** docs/architecture.md §4: which codes each status may carry. Other 4xx (405, 406, 413, 415, 431…) are REQ/INVALID. */
const CODES_BY_STATUS: Record<number, readonly string[]> = {
  400: [
    'REQ/INVALID',
    'UC/TOKEN_INVALID',
    'UC/BAD_CREDENTIALS',
    'UC/USERNAME_TAKEN',
    'UC/BAD_PASSWORD',
    'ADMIN/CODE_REQUIRED',
    'CHAT/BLOCKED_WORD',
  ],
  401: ['UC/UNAUTHORIZED'],
  403: ['REQ/XSRF', 'REQ/FORBIDDEN', 'REQ/FORBIDDEN_ORIGIN', 'CHAT/MUTED'],
  // The chat service's rooms (docs/architecture.md §10).
  404: ['NOT_FOUND', 'CHAT/NO_ROOM'],
  429: ['REQ/RATE_LIMITED'],
};

export type Guard = 'member' | 'admin';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The path part of a request target as sent (absolute-form reduced to its path). */
export function targetPath(target: string): string {
  const noAbs = target.replace(/^[a-z]+:\/\/[^/]*/i, '');
  return noAbs.split(/[?#]/)[0] ?? '';
}

function envelopeProblem(body: Buffer, status: number): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return `not JSON: ${body.toString('utf8').slice(0, 120)}`;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object';
  const keys = Object.keys(json).sort().join(',');
  if (keys !== 'code,data,msg') return `keys ${keys}: ${body.toString('utf8').slice(0, 160)}`;
  const { code, msg } = json as { code: unknown; msg: unknown };
  if (typeof code !== 'string' || typeof msg !== 'string') return 'code/msg not strings';
  if (status < 300) return code === 'OK' ? null : `success with code ${code}`;
  const allowed = CODES_BY_STATUS[status] ?? ['REQ/INVALID'];
  if (!allowed.includes(code)) return `status ${status} with code ${code}`;
  // Chinese for the UI, never internals.
  if (/stack|Error:|at .*\.ts|FST_|node_modules/.test(msg)) return `msg leaks internals: ${msg}`;
  return null;
}

export function checkAnswer(
  c: FuzzCase,
  result: RawResult,
  guards: ReadonlyMap<string, Guard>,
): Violation[] {
  const out: Violation[] = [];
  const v = (rule: string, detail: string, knownHole?: string) =>
    out.push({
      rule,
      kind: c.kind,
      method: c.method,
      target: c.target.slice(0, 200),
      status: result.answer?.status,
      detail,
      knownHole,
    });
  const a = result.answer;
  if (!a) {
    // Broken framing may be answered by hanging up; it must never be left hanging.
    if (!(c.brokenFraming && result.failure !== 'timeout')) v('answered', result.failure ?? '?');
    return out;
  }
  if (a.status >= 500) v('no-5xx', a.body.toString('utf8').slice(0, 200));
  if (a.decodeError) v('encoding', a.decodeError);

  const path = targetPath(c.target);
  const apiPath = path === '/app-api' || path.startsWith('/app-api/');
  const docs = path.startsWith('/app-api/docs');
  const json = /json/i.test(a.headers['content-type'] ?? '');
  const hasBody = c.method !== 'HEAD' && ![101, 204, 304].includes(a.status);
  if (hasBody && !c.brokenFraming) {
    const failed = a.status >= 400;
    // Every /app-api answer, and every JSON failure anywhere, is the §4 envelope.
    if ((apiPath && failed) || (apiPath && !docs && json) || (failed && json)) {
      const problem = envelopeProblem(a.body, a.status);
      // The router's own refusals (a URL that does not decode, an over-long parameter) skip the
      // error handler today: helper A's branch routes them through it.
      const routerError = /FST_ERR_(BAD_URL|MAX_PARAM_LENGTH)/.test(a.body.toString('utf8'));
      if (problem) v('envelope', problem, routerError ? 'malformed-url-envelope' : undefined);
    }
  }

  // A success of the route itself (an odd spelling may land on the web app's page instead).
  const routeAnswered =
    c.route !== null &&
    a.status >= 200 &&
    a.status < 300 &&
    c.method.toUpperCase() === c.route.method &&
    (!c.route.url.startsWith('/app-api/') || a.body.includes('"code":"OK"'));
  if (c.route && routeAnswered) {
    if (UNSAFE.has(c.route.method) && !c.route.xsrfExempt && !c.sent.xsrf) {
      v(
        'xsrf',
        'state-changing call without the anti-forgery pair succeeded',
        c.oddPath ? 'xsrf-path-spelling' : undefined,
      );
    }
    const guard = guards.get(`${c.route.method} ${c.route.url}`);
    if (guard === 'admin' && !c.sent.admin)
      v('auth', 'admin call succeeded without the admin token');
    if (guard === 'member' && !c.sent.member && !c.sent.admin)
      v('auth', 'member call succeeded without a member token');
  }
  return out;
}
