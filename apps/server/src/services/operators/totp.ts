// RFC 6238 codes through otpauth (no hand-written HMAC), and the recovery codes beside them.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;
/** One step either side: a phone clock a little off still works. */
const WINDOW = 1;

const totpOf = (secret: string, label = 'operator', issuer = 'kaijiang') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export async function enrolment(secret: string, label: string, issuer: string) {
  const uri = totpOf(secret, label, issuer).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** The time step a 6-digit code belongs to, or null when it matches none near `at`. */
export function codeStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD) + delta;
}

/** The current code of a secret (the command line's `code` and the tests use it). */
export const currentCode = (secret: string, at = new Date()): string =>
  totpOf(secret).generate({ timestamp: at.getTime() });

const RECOVERY_COUNT = 10;
/** Shown once at enrolment: `xxxx-xxxx-xxxx`, letters a–z and digits. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

export const recoveryHash = (code: string): string =>
  createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

export const isRecoveryShaped = (code: string): boolean =>
  /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/i.test(code.trim());
