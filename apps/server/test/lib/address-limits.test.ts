// Every per-address limit counts one IPv6 subscriber's whole /64 as one address (issue 41): each
// is driven from many addresses of one /64 and must refuse the one past its share, while another
// /64 is still served. The limits are enumerated, not remembered: every rate-limited route the
// app registers is driven, and every place the source reads a client's address must key it.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionCounter } from '../../src/plugins/app/connection-cap.ts';
import { createTokenGuesses } from '../../src/services/operators/token-guesses.ts';
import type { AttemptPolicy } from '../../src/services/members/attempt-limiter.ts';
import { connect, wsUrl } from '../helpers/live.ts';
import { xsrfPair } from '../helpers/test-app.ts';
import { consoleClient, C } from '../console/console-helpers.ts';
import {
  FAST_HASH,
  form,
  GOOD_PASSWORD,
  memberApp,
  URLS,
  type TestApp,
} from '../members/member-helpers.ts';

// Random per run: a shared Redis (REDIS_URL) may still hold an earlier run's locks.
const run = Math.floor(Math.random() * 0xffff).toString(16);
let seq = 0x100;
/** A new /64 for each limit, so no two limits share counters. */
const new64 = () => `2001:db8:${run}:${(++seq).toString(16)}`;
/** The i-th address of a /64, each written differently (interface ids, case, zero padding). */
const inside = (prefix: string, i: number) => {
  const id = [i + 1, (i * 7919) & 0xffff, (i * 104729) & 0xffff, 0xbeef ^ i].map((n) =>
    n.toString(16),
  );
  const address = `${prefix}:${id.join(':')}`;
  return i % 3 === 1
    ? address.toUpperCase()
    : i % 3 === 2
      ? address.replace(/:(\w{1,3})(?=:|$)/g, (_m, g: string) => `:${g.padStart(4, '0')}`)
      : address;
};

const small = (max: number): AttemptPolicy => ({
  max,
  windowMs: 15 * 60_000,
  baseLockMs: 5 * 60_000,
  maxLockMs: 60 * 60_000,
  memoryMs: 24 * 3_600_000,
});

const limited: RouteOptions[] = [];
let t: TestApp;
let xsrf: { cookie: string; token: string };

beforeAll(async () => {
  t = await memberApp(
    {
      ...FAST_HASH,
      trustProxy: true,
      live: { idleTimeoutMs: 45_000, maxConnectionsPerIp: 3 },
    },
    {
      members: {
        limits: {
          loginAddress: small(3),
          register: small(3),
          // Wide, so only the address can be what locks.
          loginAccount: small(1000),
        },
      },
      onRoute: (route) => {
        if (route.config && 'rateLimit' in route.config && route.config.rateLimit) {
          limited.push(route);
        }
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  xsrf = await xsrfPair(t.app);
});
afterAll(() => t?.close());

const send = (app: FastifyInstance, address: string, opts: InjectOptions) =>
  app.inject({
    ...opts,
    remoteAddress: address,
    headers: { cookie: xsrf.cookie, 'x-xsrf-token': xsrf.token, ...opts.headers },
  });

/**
 * Drives `attempt` from `max` addresses of one /64, then expects the next address of that /64 to
 * be refused and an address of another /64 to be served.
 */
async function onePerSubnet(max: number, attempt: (address: string) => Promise<boolean>) {
  const prefix = new64();
  for (let i = 0; i < max; i++)
    expect(await attempt(inside(prefix, i)), `attempt ${i + 1}`).toBe(false);
  expect(await attempt(inside(prefix, max)), 'past the /64 share').toBe(true);
  expect(await attempt(inside(prefix, max + 17)), 'still the same /64').toBe(true);
  expect(await attempt(inside(new64(), 0)), 'another /64').toBe(false);
}

const rateLimitMax = (route: RouteOptions): number => {
  const rl = (route.config as { rateLimit: { max: number } }).rateLimit;
  expect(typeof rl.max, `${route.url}: a fixed max`).toBe('number');
  return rl.max;
};

describe('rate-limited routes, every one the app registers', () => {
  it('has them enumerated', () => {
    const urls = limited.map((r) => r.url);
    expect(urls).toContain('/app-api/health');
    expect(urls.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses one /64 as one address on each', async () => {
    const seen = new Set<string>();
    for (const route of limited) {
      const methods = ([] as string[]).concat(route.method);
      const method = methods.find((m) => m !== 'HEAD') ?? 'GET';
      const url = route.url.replace(/:(\w+)/g, '1');
      if (seen.has(`${method} ${url}`)) continue;
      seen.add(`${method} ${url}`);
      await onePerSubnet(rateLimitMax(route), async (address) => {
        const res = await send(t.app, address, {
          method: method as InjectOptions['method'],
          url,
          ...(method !== 'GET' && { payload: {} }),
        });
        return res.statusCode === 429;
      });
    }
  });
});

const refused = (res: { statusCode: number }) => res.statusCode === 429;
let nameSeq = 0;
const uniqueName = (p: string) => `${p}${Date.now().toString(36).slice(-4)}${++nameSeq}`;

/** Each limit that is not a route's rateLimit, by what it guards. */
const OTHER_LIMITS: Record<string, () => Promise<void>> = {
  'member sign-in lock (services/members/service.ts)': () =>
    onePerSubnet(3, async (address) =>
      refused(
        await send(t.app, address, {
          method: 'POST',
          url: URLS.login,
          payload: form({ username: uniqueName('nobody'), password: 'wrong-password-1' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ),
    ),
  'member registration (services/members/service.ts)': () =>
    onePerSubnet(3, async (address) =>
      refused(
        await send(t.app, address, {
          method: 'POST',
          url: URLS.reg,
          payload: form({ username: uniqueName('reg'), password: GOOD_PASSWORD }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ),
    ),
  'console sign-in lock (services/operators/service.ts)': () =>
    onePerSubnet(3, async (address) =>
      refused(
        await send(t.app, address, {
          method: 'POST',
          url: `${C}/session`,
          payload: { username: uniqueName('op'), password: 'wrong-password-1', code: '000000' },
        }),
      ),
    ),
  'admin token guesses (services/operators/token-guesses.ts)': async () => {
    const guesses = createTokenGuesses({ max: 3, windowMs: 60_000, lockMs: 60_000 });
    await onePerSubnet(3, async (address) => {
      if (guesses.waitMs(address) > 0) return true;
      guesses.failed(address);
      return false;
    });
  },
  'console re-authentication lock (services/operators/service.ts)': async () => {
    const username = uniqueName('reauth');
    await t.app.operators.create({ username, password: GOOD_PASSWORD, role: 'owner' });
    const c = await consoleClient(t.app, username);
    await c.enrol();
    const res = await c.signIn(c.code());
    const session = res.cookies.find((k) => k.name === 'kj_console')!.value;
    await onePerSubnet(3, async (address) =>
      refused(
        await send(t.app, address, {
          method: 'POST',
          url: `${C}/reauth`,
          payload: { password: 'wrong-password-1' },
          headers: { cookie: `${xsrf.cookie}; kj_console=${session}` },
        }),
      ),
    );
  },
  'chat messages per address (services/chat/service.ts)': async () => {
    const stamp = new Date().toISOString();
    let n = 0;
    await onePerSubnet(30, async (address) => {
      // A member of its own each time: only the address is shared.
      const m = (await t.app.repos.members.create(
        { username: uniqueName('say'), nickname: `n${++n}`, phone: '', passwordHash: 'x' },
        stamp,
      ))!;
      const who = {
        id: m.id,
        memberId: m.id,
        nickname: m.nickname,
        avatar: '',
        role: 'member',
        sessionHash: 'h',
      } as const;
      try {
        await t.app.chat.say(who, 'game-110', { text: `hello ${n}` }, address);
        return false;
      } catch (err) {
        return (err as { statusCode?: number }).statusCode === 429;
      }
    });
  },
  'chat sockets per address (routes/chat/index.ts)': async () => {
    const port = (t.app.server.address() as { port: number }).port;
    const open: { ws: { close(): void } }[] = [];
    await onePerSubnet(20, async (address) => {
      try {
        open.push(
          await connect(`ws://127.0.0.1:${port}/chat-api/ws`, { 'x-forwarded-for': address }),
        );
        return false;
      } catch (err) {
        return /429/.test(String(err));
      }
    });
    for (const s of open) s.ws.close();
  },
  'live sockets per address (routes/live/index.ts)': async () => {
    const open: { ws: { close(): void } }[] = [];
    await onePerSubnet(3, async (address) => {
      try {
        open.push(await connect(wsUrl(t.app), { 'x-forwarded-for': address }));
        return false;
      } catch (err) {
        return /429/.test(String(err));
      }
    });
    for (const s of open) s.ws.close();
  },
  'connections per address (plugins/app/connection-cap.ts)': async () => {
    const counter = connectionCounter(4);
    await onePerSubnet(4, async (address) => counter.open(address) === null);
  },
};

describe('every other per-address limit', () => {
  it.each(Object.keys(OTHER_LIMITS))('%s', async (name) => {
    await OTHER_LIMITS[name]!();
  });
});

// Where the source reads a client's address. Each such read either goes through addressKey on
// the same line or is listed here with what it does instead: a new limit that reads an address
// raw fails until it is keyed (or shown not to be a limit).
const RAW_READS = /request\.ip\b|\.remoteAddress\b|client\.ip\(/;
const NOT_A_LIMIT: Record<string, string[]> = {
  'lib/client-address.ts': ['remoteAddress'], // works the address out; keys nothing
  'lib/log-redaction.ts': ['remoteAddress: request.ip'], // a log field
  // Tells the server renderer's own injected calls (an address no TCP peer has).
  'lib/renderer-calls.ts': ['request.socket.remoteAddress === RENDERER_ADDRESS'],
  // The audit entry's address of a result change.
  'services/draws/results.ts': ['address: request.ip', "kind: 'token', address: request.ip"],
  'plugins/app/operators.ts': [
    'address: request.ip', // the audit entry's address
    // Keyed inside token-guesses.ts (driven above).
    'guesses.waitMs(request.ip)',
    'guesses.failed(request.ip)',
  ],
  // Counted by connectionCounter, which keys it (driven above).
  'plugins/app/connection-cap.ts': ['const address = socket.remoteAddress'],
  'routes/draws/read-quota.ts': [
    "request.socket.remoteAddress === '127.0.0.1'", // the server renderer's own calls
    'isExempt(request.ip)', // READ_LIMIT_EXEMPT, compared by range
  ],
  'routes/live/index.ts': ['const ip = client.ip(raw)', '{ ip: request.ip }'], // keyed next line; a log field
  // The operator service keys the address itself (driven above); the raw one is the session's.
  'routes/console/session.ts': [
    'ops.signIn(request.body, request.ip)',
    'request.body, request.ip)',
  ],
};

describe('the source', () => {
  it('keys every client address it reads, or says why not', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const unkeyed: string[] = [];
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (e.name.endsWith('.ts')) {
          const rel = path.relative(root, full).split(path.sep).join('/');
          fs.readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (!RAW_READS.test(line) || /addressKey\(/.test(line)) return;
              if (/^\s*(\/\/|\/?\*)/.test(line)) return;
              if ((NOT_A_LIMIT[rel] ?? []).some((s) => line.includes(s))) return;
              unkeyed.push(`${rel}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(root);
    expect(unkeyed).toEqual([]);
  });
});
