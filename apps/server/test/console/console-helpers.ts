// Drives the console's calls as its page does: the anti-forgery pair, the session cookie it is
// given, and codes computed from the secret the enrolment showed.
import type { OperatorRole } from '@kaijiang/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { currentCode } from '../../src/services/operators/totp.ts';
import { xsrfPair } from '../helpers/test-app.ts';
import { GOOD_PASSWORD, nextAddress } from '../members/member-helpers.ts';

export const C = '/app-api/admin/console';

export interface ConsoleClient {
  username: string;
  password: string;
  secret: string | null;
  address: string;
  call(
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  signIn(code?: string): Promise<LightMyRequestResponse>;
  /** The owner's one-time link and the password: an `enrol` session. */
  claim(link: string): Promise<LightMyRequestResponse>;
  /**
   * Claims the link (a new one the owner would hand over when none is given), scans the new
   * secret, confirms its first code; answers the recovery codes.
   */
  enrol(link?: string): Promise<string[]>;
  /** A code of the secret `steps` periods ahead (each code signs in once). */
  code(steps?: number): string;
}

export async function consoleClient(
  app: FastifyInstance,
  username: string,
  password = GOOD_PASSWORD,
): Promise<ConsoleClient> {
  const { cookie: xsrfCookie, token: xsrf } = await xsrfPair(app);
  const address = nextAddress();
  let session = '';
  let step = 0;
  const c: ConsoleClient = {
    username,
    password,
    secret: null,
    address,
    async call(method, url, payload, headers = {}) {
      const res = await app.inject({
        method,
        url,
        remoteAddress: address,
        ...(payload !== undefined && { payload }),
        headers: {
          cookie: [xsrfCookie, session && `kj_console=${session}`].filter(Boolean).join('; '),
          'x-xsrf-token': xsrf,
          ...headers,
        },
      });
      const set = res.cookies.find((k) => k.name === 'kj_console');
      if (set) session = set.value;
      return res;
    },
    signIn(code) {
      return c.call('POST', `${C}/session`, { username, password, ...(code && { code }) });
    },
    claim(link) {
      return c.call('POST', `${C}/enrol`, { token: link, password });
    },
    async enrol(link) {
      const o = await app.repos.operators.findByUsername(username);
      const token = link ?? (await app.operators.issueEnrolLink(o!.id)).token;
      const res = await c.claim(token);
      if (res.json().data?.stage !== 'enrol') throw new Error(`not enrolling: ${res.body}`);
      const e = await c.call('POST', `${C}/totp`);
      c.secret = e.json().data.secret;
      const done = await c.call('POST', `${C}/totp/confirm`, { code: c.code() });
      if (done.statusCode !== 200) throw new Error(`enrolment failed: ${done.body}`);
      return done.json().data.recoveryCodes;
    },
    code(steps) {
      // Each call moves one period on, so no code is used twice (the server refuses a replay).
      const ahead = steps ?? step++;
      return currentCode(c.secret!, new Date(Date.now() + ahead * 30_000));
    },
  };
  return c;
}

/** An enrolled operator of `role`, signed in. */
export async function operator(
  app: FastifyInstance,
  role: OperatorRole,
  username = `${role}_${Math.random().toString(36).slice(2, 8)}`,
): Promise<ConsoleClient> {
  await app.operators.create({ username, password: GOOD_PASSWORD, role });
  const c = await consoleClient(app, username);
  await c.enrol();
  return c;
}
