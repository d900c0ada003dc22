import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, base64url: 43 characters. */
export const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What the database keeps. A plain SHA-256 suffices: the token has 256 bits of entropy, so there
 * is nothing to brute-force and no need for a slow hash.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Spares the database a lookup for anything that cannot be one of our tokens. */
export const isTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

/**
 * The token of a member call: `Authorization: <token>`, `Authorization: Bearer <token>` or
 * `token: <token>`. Undefined when none was sent at all.
 */
export function tokenFromHeaders(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim();
  const auth = pick(headers.authorization);
  if (auth) return auth.replace(/^Bearer\s+/i, '');
  const token = pick(headers.token);
  return token || undefined;
}
