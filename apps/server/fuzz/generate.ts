// Seeded generator of hostile HTTP requests. Each case starts from a real route (its schemas say
// what a valid request looks like) and then breaks something: the path spelling, the query, the
// body, the headers, the credentials, or the HTTP framing itself.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FuzzRoute, Schema } from './routes.ts';

/** sfc32: small, fast, good enough, and the same sequence on every machine for a seed. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = Math.floor(this.next() * 256);
    return b;
  }
}

export interface FuzzContext {
  host: string;
  port: number;
  /** A valid anti-forgery pair. */
  xsrf: { cookie: string; token: string };
  /** Valid member tokens (the runner replaces one that logout or a password change ended). */
  memberTokens: string[];
  adminToken: string;
  /** Game ids that exist, so valid-looking requests reach the handlers. */
  gameIds: number[];
}

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
  /** The target holds a percent sign that does not start a valid escape. */
  badPercent: boolean;
  /** The request line or headers are broken on purpose: Node's parser answers, not the app. */
  brokenFraming: boolean;
  afterUpgrade?: Buffer;
}

// ---------------------------------------------------------------------------------------------
// Values

const BIG = 300 * 1024;
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '𝕏😀',
  '\ud800',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  '../../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  'javascript:alert(1)',
  'data:text/html,<b>x',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '９９',
  '\r\nSet-Cookie: x=1',
];
const WEIRD_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  -2147483649,
  2147483648,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
];
const WEIRD_NUMBER_TEXT = [
  '1e400',
  '99999999999999999999999999',
  '-1',
  '0.5',
  '0x7f',
  '1_000',
  '+1',
  ' 1',
  '1 ',
  'Infinity',
  'NaN',
  '-0',
  '00001',
  '1e2',
];

const patternArbs = new Map<string, fc.Arbitrary<string> | null>();
function matching(rng: Rng, pattern: string, maxLength: number | undefined): string {
  let arb = patternArbs.get(pattern);
  if (arb === undefined) {
    try {
      arb = fc.stringMatching(new RegExp(pattern), { size: 'xsmall' });
    } catch {
      // fast-check cannot sample every construct (lookahead): such fields get plain text.
      arb = null;
    }
    patternArbs.set(pattern, arb);
  }
  if (!arb) return 'a'.repeat(rng.int(1, 8));
  for (let i = 0; i < 4; i++) {
    const [s] = fc.sample(arb, { seed: rng.int(0, 2 ** 31 - 1), numRuns: 1 });
    if (s !== undefined && (maxLength === undefined || s.length <= maxLength)) return s;
  }
  return '';
}

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type[0];
  if (s.type) return s.type;
  if (s.properties) return 'object';
  return undefined;
}

/** A value the schema accepts (most of the time: patterns are sampled, not solved). */
export function validValue(s: Schema, rng: Rng, ctx: FuzzContext, name = ''): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return rng.pick(s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return validValue(rng.pick(union), rng, ctx, name);
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      if (/gameId$/i.test(name) && ctx.gameIds.length && rng.bool(0.8))
        return rng.pick(ctx.gameIds);
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? 1000, min + 1000);
      return rng.int(min, max);
    }
    case 'boolean':
      return rng.bool();
    case 'string': {
      // Nothing the server might fetch may point off this machine.
      if (/url$/i.test(name) || s.pattern?.startsWith('^https?://')) {
        return `http://127.0.0.1:9/${rng.int(0, 999)}`;
      }
      if (s.pattern) return matching(rng, s.pattern, s.maxLength);
      const len = rng.int(s.minLength ?? 0, Math.min(s.maxLength ?? 24, (s.minLength ?? 0) + 24));
      return Array.from({ length: len }, () => rng.pick(['a', 'b', '7', '_', '中', '文'])).join('');
    }
    case 'array': {
      const n = rng.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 3));
      return Array.from({ length: n }, () => validValue(s.items ?? {}, rng, ctx, name));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(k) || rng.bool(0.6)) out[k] = validValue(v, rng, ctx, k);
      }
      return out;
    }
    default:
      return rng.pick(['x', 1, true, null]);
  }
}

function deep(depth: number, asArray: boolean): string {
  return asArray
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A value no sane schema accepts: wrong types, sizes, encodings and shapes. */
export function hostileValue(rng: Rng): unknown {
  switch (rng.int(0, 11)) {
    case 0:
      return rng.pick(WEIRD_STRINGS);
    case 1:
      return rng.pick(WEIRD_NUMBERS);
    case 2:
      return rng.pick(WEIRD_NUMBER_TEXT);
    case 3:
      return 'x'.repeat(rng.bool(0.3) ? BIG : rng.int(65, 5000));
    case 4:
      return [rng.pick(WEIRD_STRINGS), rng.int(-5, 5)];
    case 5:
      return { [rng.pick(PROTO_KEYS)]: { polluted: true } };
    case 6:
      return null;
    case 7:
      return rng.bool();
    case 8:
      return [];
    case 9:
      return {};
    case 10:
      return JSON.parse(deep(rng.int(20, 200), rng.bool()));
    default:
      return -rng.int(1, 1e6) - rng.next();
  }
}

/** A valid object with one or more fields broken. */
function mutatedObject(s: Schema | undefined, rng: Rng, ctx: FuzzContext): Record<string, unknown> {
  const base = (s ? validValue(s, rng, ctx) : {}) as Record<string, unknown>;
  const obj = typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {};
  const names = [...Object.keys(s?.properties ?? {}), ...PROTO_KEYS, 'extra', ''];
  for (let i = rng.int(1, 3); i > 0; i--) {
    const k = rng.pick(names);
    if (rng.bool(0.15)) delete obj[k];
    else
      Object.defineProperty(obj, k, {
        value: hostileValue(rng),
        enumerable: true,
        configurable: true,
        writable: true,
      });
  }
  return obj;
}

// ---------------------------------------------------------------------------------------------
// URL parts

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 it would be. */
const enc = (v: unknown) =>
  (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
    .split(/([\ud800-\udfff])/u)
    .map((part) => (/^[\ud800-\udfff]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

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
// Bodies

interface Body {
  kind: string;
  type?: string;
  data: Buffer;
}

function multipart(fields: [string, string | Buffer, string?][], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value, filename] of fields) {
    const disp = filename
      ? `form-data; name="${name}"; filename="${filename}"`
      : `form-data; name="${name}"`;
    const type = filename ? 'Content-Type: image/png\r\n' : '';
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type}\r\n`));
    parts.push(typeof value === 'string' ? Buffer.from(value) : value);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function flatFields(obj: Record<string, unknown>): [string, string][] {
  return Object.entries(obj).map(([k, v]) => [
    k,
    typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
  ]);
}

function body(route: FuzzRoute, rng: Rng, ctx: FuzzContext): Body {
  const valid = () =>
    (route.body ? validValue(route.body, rng, ctx) : {}) as Record<string, unknown>;
  const pick = rng.int(0, route.multipart ? 19 : 15);
  const boundary = `----kjfuzz${rng.int(0, 1e9)}`;
  const mp = (kind: string, data: Buffer, b = boundary) => ({
    kind,
    type: `multipart/form-data; boundary=${b}`,
    data,
  });
  switch (pick) {
    case 0:
    case 1:
      return {
        kind: 'body:json-valid',
        type: 'application/json',
        data: Buffer.from(JSON.stringify(valid())),
      };
    case 2:
    case 3:
      return {
        kind: 'body:json-mutated',
        type: 'application/json',
        data: Buffer.from(JSON.stringify(mutatedObject(route.body, rng, ctx))),
      };
    case 4:
      return {
        kind: 'body:form-valid',
        type: 'application/x-www-form-urlencoded',
        data: Buffer.from(new URLSearchParams(flatFields(valid())).toString()),
      };
    case 5: {
      const fields = flatFields(mutatedObject(route.body, rng, ctx));
      if (rng.bool(0.3)) fields.push([fields[0]?.[0] ?? 'a', 'dup']);
      return {
        kind: 'body:form-mutated',
        type: 'application/x-www-form-urlencoded',
        data: Buffer.from(
          fields.map(([k, v]) => `${enc(k)}=${rng.bool(0.2) ? '%' : enc(v)}`).join('&'),
        ),
      };
    }
    case 6:
      return {
        kind: 'body:deep-json',
        type: 'application/json',
        data: Buffer.from(deep(rng.int(1000, 20000), rng.bool())),
      };
    case 7:
      return {
        kind: 'body:big-string',
        type: 'application/json',
        data: Buffer.from(
          JSON.stringify({
            ...valid(),
            [rng.pick(Object.keys(route.body?.properties ?? { x: 1 }))]: 'x'.repeat(BIG),
          }),
        ),
      };
    case 8:
      return {
        kind: 'body:broken-json',
        type: 'application/json',
        data: Buffer.from(
          rng.pick([
            '{',
            '{"a":',
            '[1,2',
            '{"a":1}}',
            "{'a':1}",
            'nul',
            '"\\u12"',
            '{"a":1,"a":2}',
            '\u0000',
            '',
          ]),
        ),
      };
    case 9: {
      const data = Buffer.concat([
        Buffer.from('{"'),
        rng.pick([
          Buffer.from([0xc3, 0x28]),
          Buffer.from([0xff, 0xfe]),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
        ]),
        Buffer.from('":"\u0000"}'),
      ]);
      return {
        kind: 'body:invalid-utf8',
        type: rng.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain']),
        data,
      };
    }
    case 10:
      return {
        kind: 'body:proto-pollution',
        type: 'application/json',
        data: Buffer.from(
          rng.pick([
            '{"__proto__":{"isAdmin":true}}',
            '{"constructor":{"prototype":{"isAdmin":true}}}',
            '{"a":1,"__proto__":{"x":1}}',
            '[{"__proto__":1}]',
          ]),
        ),
      };
    case 11:
      return {
        kind: 'body:wrong-type',
        type: rng.pick([
          'text/plain',
          'application/xml',
          'application/octet-stream',
          'image/png',
          'text/html',
          'application/json; charset=utf-16',
          'application/json;;',
          'multipart/form-data',
          'application/x-www-form-urlencoded; charset=latin1',
          '*/*',
          'a/b/c',
          '',
        ]),
        data: Buffer.from(JSON.stringify(valid())),
      };
    case 12:
      return {
        kind: 'body:array',
        type: 'application/json',
        data: Buffer.from(
          JSON.stringify(
            rng.bool()
              ? [valid()]
              : Object.fromEntries(Object.entries(valid()).map(([k, v]) => [k, [v, v]])),
          ),
        ),
      };
    case 13:
      return {
        kind: 'body:scalar',
        type: 'application/json',
        data: Buffer.from(
          rng.pick(['1', '"x"', 'true', 'null', '1e999', '-0', '123456789012345678901234567890']),
        ),
      };
    case 14:
      return mp('body:multipart-valid', multipart(flatFields(valid()), boundary));
    case 15: {
      const good = multipart(flatFields(valid()), boundary);
      const broken = rng.pick([
        () => good.subarray(0, rng.int(0, good.length - 1)),
        () =>
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
          ),
        () => Buffer.from(`--${boundary}\r\n\r\n\r\n`),
        () => Buffer.from('no boundary here'),
        () => multipart([['a', 'x'.repeat(10_000)]], boundary),
        () =>
          multipart(
            Array.from({ length: 40 }, (_, i): [string, string] => [`f${i}`, 'v']),
            boundary,
          ),
        () =>
          multipart(
            [
              ['__proto__', 'x'],
              ['constructor', 'y'],
            ],
            boundary,
          ),
        () => multipart([['file', PNG_1x1, 'a.png']], boundary),
      ])();
      return rng.bool(0.2)
        ? mp('body:multipart-broken', broken, '')
        : mp('body:multipart-broken', broken);
    }
    default: {
      // Uploads: real and fake images, wrong field names, two files, oversized parts.
      const file = rng.pick([
        () => PNG_1x1,
        () => Buffer.concat([PNG_1x1.subarray(0, 8), rng.bytes(rng.int(0, 200))]),
        () =>
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        () =>
          Buffer.from(
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg>&e;</svg>',
          ),
        () => Buffer.from('GIF89a<script>'),
        () => rng.bytes(rng.int(0, 4000)),
        () => Buffer.alloc(0),
      ])();
      const name = rng.pick(['a.png', '../../x.png', 'a.svg', '', '\u0000.png', 'x'.repeat(300)]);
      const fields: [string, string | Buffer, string?][] = [
        [rng.pick(['file', 'image', '']), file, name],
      ];
      if (rng.bool(0.2)) fields.push(['file', file, name]);
      if (rng.bool(0.2)) fields.unshift(['note', 'x']);
      return mp('body:upload', multipart(fields, boundary));
    }
  }
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
const hasBadPercent = (s: string) => /%(?![0-9A-Fa-f]{2})/.test(s.split('?')[0]!);

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
    badPercent: hasBadPercent(target),
    brokenFraming: false,
    afterUpgrade: rng.bool(0.5) ? rng.bytes(rng.int(1, 64)) : undefined,
  };
}

/** Framing broken below the application: Node's HTTP parser (or its limits) must answer. */
export function framingCase(rng: Rng, ctx: FuzzContext): FuzzCase {
  const path = rng.pick([
    '/app-api/health',
    '/app-api/v/user/login',
    '/',
    '/game/110',
    '/sys-upload/data/json/games.json',
  ]);
  const host = `Host: ${ctx.host}:${ctx.port}\r\n`;
  const variants: [string, () => Buffer][] = [
    ['garbage', () => rng.bytes(rng.int(1, 300))],
    ['no-version', () => Buffer.from(`GET ${path}\r\n\r\n`)],
    ['bad-version', () => Buffer.from(`GET ${path} HTTP/9.9\r\n${host}\r\n`)],
    ['http10-no-host', () => Buffer.from(`GET ${path} HTTP/1.0\r\n\r\n`)],
    ['http11-no-host', () => Buffer.from(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`)],
    ['lf-only', () => Buffer.from(`GET ${path} HTTP/1.1\n${host.trim()}\nConnection: close\n\n`)],
    [
      'space-in-path',
      () => Buffer.from(`GET /app-api/a b HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    [
      'ctl-in-path',
      () =>
        Buffer.from(
          `GET /app-api/\u0001\u007f HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
          'latin1',
        ),
    ],
    [
      'long-method',
      () => Buffer.from(`${'G'.repeat(5000)} ${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    [
      'long-url',
      () =>
        Buffer.from(
          `GET ${path}?${'q'.repeat(rng.int(17_000, 70_000))} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
        ),
    ],
    [
      'bad-header-name',
      () =>
        Buffer.from(`GET ${path} HTTP/1.1\r\n${host}Bad Header: x\r\nConnection: close\r\n\r\n`),
    ],
    [
      'nul-header',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}X-A: a\u0000b\r\nConnection: close\r\n\r\n`,
          'latin1',
        ),
    ],
    [
      'obs-fold',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}X-A: a\r\n  folded\r\nConnection: close\r\n\r\n`,
        ),
    ],
    [
      'no-colon',
      () => Buffer.from(`GET ${path} HTTP/1.1\r\n${host}NoColonHere\r\nConnection: close\r\n\r\n`),
    ],
    [
      'huge-header',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}X-Big: ${'b'.repeat(rng.int(17_000, 80_000))}\r\nConnection: close\r\n\r\n`,
        ),
    ],
    [
      'te-and-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
        ),
    ],
    [
      'bad-chunk',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ),
    ],
    [
      'chunk-overflow',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nffffffffffffffffff\r\n{}\r\n0\r\n\r\n`,
        ),
    ],
    [
      'two-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'neg-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'huge-cl',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'te-gzip',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nTransfer-Encoding: gzip\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'body-encoding',
      () =>
        Buffer.from(
          `POST ${path} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    ['pipelined', () => Buffer.from(`GET ${path} HTTP/1.1\r\n${host}\r\nGARBAGE\r\n\r\n`)],
    [
      'absolute-form',
      () =>
        Buffer.from(`GET http://evil.example${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    ['asterisk', () => Buffer.from(`OPTIONS * HTTP/1.1\r\n${host}Connection: close\r\n\r\n`)],
    [
      'connect',
      () => Buffer.from(`CONNECT 127.0.0.1:22 HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    ],
    [
      'bad-host',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\nHost: ${rng.pick(['', '%%%', 'a b', '[::1', 'x'.repeat(3000), 'evil.example:99999'])}\r\nConnection: close\r\n\r\n`,
        ),
    ],
    [
      'two-hosts',
      () =>
        Buffer.from(
          `GET ${path} HTTP/1.1\r\n${host}Host: evil.example\r\nConnection: close\r\n\r\n`,
        ),
    ],
  ];
  const [name, make] = rng.pick(variants);
  return {
    kind: `framing:${name}`,
    route: null,
    method: 'GET',
    target: path,
    bytes: make(),
    sent: { xsrf: false, member: false, admin: false },
    oddPath: true,
    badPercent: false,
    brokenFraming: true,
  };
}

/** The next case: mostly route cases spread evenly over the routes, some framing cases. */
export function nextCase(routes: FuzzRoute[], rng: Rng, ctx: FuzzContext, index: number): FuzzCase {
  if (rng.bool(0.06)) return framingCase(rng, ctx);
  // Round-robin with a random offset: every route gets its share even in a short run.
  const route = routes[(index + rng.int(0, 2)) % routes.length]!;
  return routeCase(route, rng, ctx);
}
