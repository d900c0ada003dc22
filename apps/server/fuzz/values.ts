// Values for the fuzz generator: a seeded random source, values a schema accepts, and values no
// sane schema accepts.
import fc from 'fast-check';
import type { Schema } from './routes.ts';

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

export const BIG = 300 * 1024;
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
export const WEIRD_STRINGS = [
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
export const WEIRD_NUMBERS = [
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
export const WEIRD_NUMBER_TEXT = [
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

export function deep(depth: number, asArray: boolean): string {
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
export function mutatedObject(
  s: Schema | undefined,
  rng: Rng,
  ctx: FuzzContext,
): Record<string, unknown> {
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

/** encodeURIComponent, except that a lone surrogate goes out as the invalid UTF-8 it would be. */
export const enc = (v: unknown) =>
  (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
    .split(/([\ud800-\udfff])/u)
    .map((part) => (/^[\ud800-\udfff]$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
