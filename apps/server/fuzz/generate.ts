// Seeded generator of hostile HTTP requests. Each case starts from a real route (its schemas say
// what a valid request looks like) and then breaks something: the path spelling, the query, the
// body, the headers, the credentials, or the HTTP framing itself.
import { randomBytes } from 'node:crypto';
import { body } from './bodies.ts';
import { framingCase } from './framing.ts';
import type { FuzzRoute } from './routes.ts';
import {
  enc,
  hostileValue,
  PROTO_KEYS,
  validValue,
  WEIRD_NUMBERS,
  WEIRD_NUMBER_TEXT,
  type FuzzContext,
  type Rng,
} from './values.ts';

export { Rng, type FuzzContext } from './values.ts';

export interface FuzzCase {
  /** What was broken, e.g. "body:deep-json" (the runner counts cases per kind). */
  kind: string;
  route: FuzzRoute | null;
  method: string;
  target: string;
  bytes: Buffer;
  /** Which credentials went out valid. */
  sent: { xsrf: boolean; member: boolean; admin: boolean; memberToken?: string };
  /** The path was spelled oddly (the router may or may not see the route). */
  oddPath: boolean;

  /** The request line or headers are broken on purpose: Node's parser answers, not the app. */
  brokenFraming: boolean;
  afterUpgrade?: Buffer;
}

// ---------------------------------------------------------------------------------------------
// URL parts

function paramValue(route: FuzzRoute, name: string, rng: Rng, ctx: FuzzContext): string {
  const schema = route.params?.properties?.[name];
  if (rng.bool(0.55) && schema) return enc(validValue(schema, rng, ctx, name));
  return rng.pick([
    () => enc(hostileValue(rng)),
    () => String(rng.pick(WEIRD_NUMBERS)),
    () => rng.pick(WEIRD_NUMBER_TEXT).replace(/ /g, '%20'),
    () => '%',
    () => '%zz',
    () => '%c0%af',
    () => '%ff%fe',
    () => '%00',
    () => '..%2F..%2Fetc%2Fpasswd',
    () => '%2e%2e',
    () => 'a'.repeat(rng.int(60, 3000)),
    () => '',
    () => '中文',
    () => '1;drop',
  ])();
}

/** Fills `:param`, `:param(regex)` and `*` with values. */
function fillPath(route: FuzzRoute, rng: Rng, ctx: FuzzContext): string {
  return route.url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_m, name: string) =>
      paramValue(route, name, rng, ctx),
    )
    .replace(/\*$/, () =>
      rng.pick([
        'index.html',
        'assets/x.js',
        'robots.txt',
        'data/json/games.json',
        'game/110',
        'news/1',
        '.env',
        '..%2F..%2Fpackage.json',
        '%2e%2e/%2e%2e/etc/passwd',
        'content/202601/zzz.png',
        'lottery-history',
        'no/such/page',
        `${'a/'.repeat(50)}x`,
        'a%00.png',
      ]),
    );
}

/** Other spellings of the same path: what a router, a proxy and a check may each read differently. */
function respell(path: string, rng: Rng): string {
  const variants = [
    () => path.replace(/^\//, '//'),
    () => path.replace(/^\//, '/./'),
    () => path.replace(/^\/([^/]+)/, '/$1/../$1'),
    () => path.replace(/^\/([^/]+)/, '/x/%2e%2e/$1'),
    () => path.replace(/^\/a/, '/%61'),
    () => path.replace(/^\/a/, '/%41'),
    () => path.replace(/-/, '%2D'),
    () => path.replace(/\//g, '%2F'),
    () => path.replace(/\/([^/]*)$/, '//$1'),
    () => `${path}/`,
    () => `${path};x=1`,
    () => `${path}%20`,
    () => `${path}%00`,
    () => path.toUpperCase(),
    () => path.replace(/\//g, '\\'),
    () => `http://127.0.0.1${path}`,
    () => `${path}#frag`,
  ];
  return rng.pick(variants)();
}

function query(route: FuzzRoute, rng: Rng, ctx: FuzzContext): string {
  const roll = rng.int(0, 9);
  if (roll <= 2 && route.querystring) {
    const v = validValue(route.querystring, rng, ctx) as Record<string, unknown>;
    const s = new URLSearchParams(
      Object.entries(v).map(([k, x]) => [k, String(x)] as [string, string]),
    ).toString();
    return s ? `?${s}` : '';
  }
  if (roll === 3) return '';
  const names = [
    ...Object.keys(route.querystring?.properties ?? {}),
    ...PROTO_KEYS,
    '_t',
    'password',
    'a[b]',
    'a[]',
  ];
  const parts: string[] = [];
  for (let i = rng.int(1, 5); i > 0; i--) {
    const k = rng.pick(names);
    const v = rng.pick([
      () => enc(hostileValue(rng)),
      () => '%',
      () => '%G1',
      () => '%E4%B8',
      () => '',
      () => `${k}=${k}`,
      () => enc(rng.pick(WEIRD_NUMBER_TEXT)),
      () => 'a'.repeat(rng.int(100, 6000)),
    ])();
    parts.push(rng.bool(0.1) ? k : `${k}=${v}`);
    if (rng.bool(0.2)) parts.push(`${k}=${v}`);
  }
  if (rng.bool(0.1)) parts.push('&&&', '=');
  return `?${parts.join('&')}`;
}

// ---------------------------------------------------------------------------------------------
// Headers

const ACCEPTS = [
  'application/json',
  'text/html',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  '*/*',
  '',
  'application/json;q=abc',
  'text/*;q=2',
  '../../',
  'x'.repeat(6000),
  'image/avif,image/webp,*/*',
  'text/csv',
  '\u00ff\u00fe',
];

function cookieHeader(rng: Rng, ctx: FuzzContext, xsrfValid: boolean): string | undefined {
  if (xsrfValid) return rng.bool(0.8) ? ctx.xsrf.cookie : `a=1; ${ctx.xsrf.cookie}; b=%zz`;
  return rng.pick([
    undefined,
    'XSRF-TOKEN=',
    'XSRF-TOKEN=%',
    'XSRF-TOKEN=abc.def',
    `XSRF-TOKEN=${ctx.xsrf.token}x`,
    `XSRF-TOKEN=forged.token; XSRF-TOKEN=${ctx.xsrf.token}`,
    '=;;;=;',
    '__proto__=1; constructor=2',
    `big=${'c'.repeat(8000)}`,
    'a="unterminated',
    'XSRF-TOKEN=a\u00ffb',
  ]);
}

function authHeaders(
  rng: Rng,
  ctx: FuzzContext,
  route: FuzzRoute | null,
): { headers: [string, string][]; member: boolean; admin: boolean; token?: string } {
  const admin = route?.url.startsWith('/app-api/admin') ?? false;
  const roll = rng.next();
  if (admin && roll < 0.6) {
    const value = rng.pick([`Bearer ${ctx.adminToken}`, `bearer  ${ctx.adminToken} `]);
    return { headers: [['Authorization', value]], member: false, admin: true };
  }
  if (!admin && roll < 0.5 && ctx.memberTokens.length) {
    const token = rng.pick(ctx.memberTokens);
    const headers: [string, string][] = rng.pick([
      [
        ['Authorization', token],
        ['token', token],
      ],
      [['Authorization', `Bearer ${token}`]],
      [['token', token]],
    ]);
    return { headers, member: true, admin: false, token };
  }
  if (roll < 0.75) return { headers: [], member: false, admin: false };
  const bad = rng.pick([
    'Bearer',
    'Bearer ',
    `Bearer ${ctx.adminToken}x`,
    `Bearer ${ctx.adminToken.slice(0, -1)}`,
    `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    'x'.repeat(rng.int(100, 7000)),
    `Bearer ${randomBytes(32).toString('base64url')}`,
    '\u00ff\u00fe',
    'null',
    `${ctx.memberTokens[0] ?? 'x'} ${ctx.adminToken}`,
  ]);
  const headers: [string, string][] = [
    [rng.pick(['Authorization', 'token', 'authorization']), bad],
  ];
  if (rng.bool(0.2)) headers.push(['Authorization', 'Bearer second']);
  return { headers, member: false, admin: false };
}

function extraHeaders(rng: Rng): [string, string][] {
  const out: [string, string][] = [];
  const add = (n: string, v: string) => out.push([n, v]);
  if (rng.bool(0.3))
    add(
      'Accept-Encoding',
      rng.pick(['gzip, br', 'br;q=0', 'gzip;q=abc', '*', 'identity;q=0, *;q=0', 'x'.repeat(3000)]),
    );
  if (rng.bool(0.15)) add('If-None-Match', rng.pick(['*', '"x"', 'W/"', '"a", W/"b"', ',,,']));
  if (rng.bool(0.1))
    add(
      'Range',
      rng.pick([
        'bytes=0-0',
        'bytes=-1',
        'bytes=999999-',
        'bytes=5-1',
        'bytes=0-1,2-3,4-5',
        'lines=1-2',
      ]),
    );
  if (rng.bool(0.15))
    add(
      'Origin',
      rng.pick([
        'http://evil.example',
        'null',
        'http://127.0.0.1',
        '://',
        'http://127.0.0.1.evil.example',
      ]),
    );
  if (rng.bool(0.1))
    add('Sec-Fetch-Site', rng.pick(['cross-site', 'same-site', 'same-origin', 'none', '']));
  if (rng.bool(0.1))
    add(
      'X-Forwarded-For',
      rng.pick(['1.2.3.4', '::1, 1.2.3.4', 'garbage', '1.1.1.1, '.repeat(200)]),
    );
  if (rng.bool(0.05)) add('X-Forwarded-Proto', rng.pick(['https', 'gopher', '']));
  if (rng.bool(0.05)) add('X-Huge', 'h'.repeat(rng.int(10_000, 40_000)));
  if (rng.bool(0.05)) for (let i = 0; i < rng.int(50, 300); i++) add(`X-Many-${i}`, 'v');
  if (rng.bool(0.05)) add('Company-Code', rng.pick(['kj', '../x', '%00', 'x'.repeat(500)]));
  if (rng.bool(0.05)) add('Expect', '100-continue');
  return out;
}

// ---------------------------------------------------------------------------------------------
// Whole requests

function serialize(
  ctx: FuzzContext,
  method: string,
  target: string,
  headers: [string, string][],
  payload: Buffer | null,
  opts: { noHost?: boolean; version?: string } = {},
): Buffer {
  const lines = [`${method} ${target} ${opts.version ?? 'HTTP/1.1'}`];
  if (!opts.noHost) lines.push(`Host: ${ctx.host}:${ctx.port}`);
  for (const [n, v] of headers) lines.push(`${n}: ${v}`);
  lines.push('Connection: close');
  if (payload) lines.push(`Content-Length: ${payload.length}`);
  // latin1 keeps every char below 256 as one byte, as a hostile client would send it.
  return Buffer.concat([
    Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'),
    payload ?? Buffer.alloc(0),
  ]);
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A well-framed request to `route` with something broken in it. */
export function routeCase(route: FuzzRoute, rng: Rng, ctx: FuzzContext): FuzzCase {
  const kinds: string[] = [];
  let method = route.method;
  if (rng.bool(0.05)) {
    method = rng.pick([
      'GET',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'HEAD',
      'TRACE',
      'PROPFIND',
      'get',
    ]);
    kinds.push('method');
  }
  let path = fillPath(route, rng, ctx);
  let oddPath = false;
  if (rng.bool(0.12)) {
    path = respell(path, rng);
    oddPath = true;
    kinds.push('path:spelling');
  }
  const target = path + (rng.bool(0.7) ? query(route, rng, ctx) : '');
  const xsrfValid = rng.bool(0.7);
  const headers: [string, string][] = [];
  const cookie = cookieHeader(rng, ctx, xsrfValid);
  if (cookie !== undefined) headers.push(['Cookie', cookie]);
  if (xsrfValid) headers.push(['X-XSRF-TOKEN', ctx.xsrf.token]);
  else if (rng.bool(0.5))
    headers.push([
      'X-XSRF-TOKEN',
      rng.pick([ctx.xsrf.token, '', 'forged.token', ctx.xsrf.token.toUpperCase()]),
    ]);
  if (!xsrfValid) kinds.push('xsrf:bad');
  const auth = authHeaders(rng, ctx, route);
  headers.push(...auth.headers);
  if (rng.bool(0.85)) headers.push(['Accept', rng.pick(ACCEPTS)]);
  headers.push(...extraHeaders(rng));
  let payload: Buffer | null = null;
  if (route.body || route.multipart || UNSAFE.has(method) || rng.bool(0.05)) {
    const b = body(route, rng, ctx);
    kinds.push(b.kind);
    payload = b.data;
    if (b.type !== undefined) headers.push(['Content-Type', b.type]);
  }
  if (route.websocket && rng.bool(0.7)) {
    kinds.push('ws:upgrade');
    headers.push(['Upgrade', rng.pick(['websocket', 'WebSocket', 'h2c', ''])]);
    headers.push(['Connection', 'Upgrade']);
    headers.push(['Sec-WebSocket-Version', rng.pick(['13', '8', '', '13, 8', '99999999999'])]);
    headers.push([
      'Sec-WebSocket-Key',
      rng.pick([randomBytes(16).toString('base64'), 'short', '', '!!!!']),
    ]);
  }
  const bytes = serialize(ctx, method, target, headers, payload);
  return {
    kind: kinds.length ? kinds.join('+') : 'plain',
    route,
    method,
    target,
    bytes,
    sent: { xsrf: xsrfValid, member: auth.member, admin: auth.admin, memberToken: auth.token },
    oddPath,
    brokenFraming: false,
    afterUpgrade: rng.bool(0.5) ? rng.bytes(rng.int(1, 64)) : undefined,
  };
}

/** The next case: mostly route cases spread evenly over the routes, some framing cases. */
export function nextCase(routes: FuzzRoute[], rng: Rng, ctx: FuzzContext, index: number): FuzzCase {
  // The first pass visits every route once, in order: a random offset alone left one of 264
  // routes without a case in 2,000 (a chance of a few per cent a run, found when a route came).
  if (index < routes.length) return routeCase(routes[index]!, rng, ctx);
  if (rng.bool(0.06)) return framingCase(rng, ctx);
  // Then round-robin with a random offset: every route gets its share even in a short run.
  const route = routes[(index + rng.int(0, 2)) % routes.length]!;
  return routeCase(route, rng, ctx);
}
