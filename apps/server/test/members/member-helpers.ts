// Drives the member API the way the web client does: form bodies, the XSRF pair, token headers.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../../src/config.ts';
import type { BuildOptions } from '../../src/app.ts';
import { createTestApp, xsrfPair, type TestApp } from '../helpers/test-app.ts';

/** Cheap hashes for tests; the default cost (2^17) is checked on its own. */
export const FAST_HASH: Partial<AppConfig> = { passwords: { scryptLogN: 10, hashConcurrency: 2 } };

export const memberApp = (overrides: Partial<AppConfig> = {}, opts: BuildOptions = {}) =>
  createTestApp({ ...FAST_HASH, ...overrides }, opts);

export const form = (fields: Record<string, string | undefined>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) p.set(k, v);
  return p.toString();
};

// Random per run: a shared Redis (REDIS_URL) may still hold counters from an earlier run.
let addressSeq = Math.floor(Math.random() * 2 ** 24);
/** A fresh client address per test, so one test's attempt counters never touch another's. */
export const nextAddress = (): string => {
  const n = ++addressSeq % 2 ** 24;
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
};

export interface Client {
  address: string;
  post(
    url: string,
    fields: Record<string, string | undefined>,
    token?: string,
  ): Promise<LightMyRequestResponse>;
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  send(opts: InjectOptions, token?: string): Promise<LightMyRequestResponse>;
}

export async function client(app: FastifyInstance, address = nextAddress()): Promise<Client> {
  const { cookie, token: xsrf } = await xsrfPair(app);
  const auth = (token?: string) => (token ? { authorization: token, token } : {});
  const send = (opts: InjectOptions, token?: string) =>
    app.inject({
      remoteAddress: address,
      ...opts,
      headers: { cookie, 'x-xsrf-token': xsrf, ...auth(token), ...(opts.headers ?? {}) },
    });
  return {
    address,
    send,
    post: (url, fields, token) =>
      send(
        {
          method: 'POST',
          url,
          payload: form(fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        token,
      ),
    get: (url, token) => send({ method: 'GET', url }, token),
  };
}

export const URLS = {
  login: '/app-api/v/user/login',
  reg: '/app-api/v/user/reg',
  logout: '/app-api/v/user/logout',
  info: '/app-api/api/user/info',
  password: '/app-api/api/user/updatePassword',
  updateInfo: '/app-api/api/user/updateInfo',
  messages: '/app-api/api/v2/messages',
  collections: '/app-api/api/v2/collections',
} as const;

let userSeq = 0;
export const uniqueName = (prefix = 'user'): string =>
  `${prefix}${Date.now().toString(36).slice(-5)}${++userSeq}`.slice(0, 16);

export const GOOD_PASSWORD = 'violet-harbour-42';

/** Registers a fresh member from a fresh address; returns the name and token. */
export async function registered(
  app: FastifyInstance,
  fields: Record<string, string> = {},
): Promise<{ username: string; password: string; token: string; c: Client }> {
  const c = await client(app);
  const username = fields.username ?? uniqueName();
  const password = fields.password ?? GOOD_PASSWORD;
  const res = await c.post(URLS.reg, { username, password, ...fields });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return { username, password, token: res.json().data.token as string, c };
}

export type { TestApp };
