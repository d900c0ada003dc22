// ADMIN_TOKEN is refused when it reads as made by hand: short, a placeholder, a run of keys, a
// common password or the site's own words (config.ts reports why, with the other problems).
import { commonPasswords } from '../services/members/password-policy.ts';

const ADMIN_TOKEN_MIN = 32;
/**
 * Words of sample values and advice ("change me", "your token here"), compared squashed. None
 * shorter than five letters: random tokens would contain those by chance.
 */
const PLACEHOLDER_WORDS = [
  'changeme',
  'change',
  'example',
  'placeholder',
  'secret',
  'password',
  'passw0rd',
  'replace',
  'yourtoken',
  'insert',
  'dummy',
  'sample',
  'default',
  'letmein',
  'qwerty',
];

/** Longest run of characters whose codes step by +1 or -1 (`0123456789`, `abcdef`, `987654`). */
function longestSequence(s: string): number {
  let best = 1;
  let run = 1;
  let step = 0;
  for (let i = 1; i < s.length; i++) {
    const d = s.charCodeAt(i) - s.charCodeAt(i - 1);
    if ((d === 1 || d === -1) && (run === 1 || d === step)) run += 1;
    else run = d === 1 || d === -1 ? 2 : 1;
    step = d;
    best = Math.max(best, run);
  }
  return best;
}

/** Words of this site that a hand-made token is likely to be built from. */
const SITE_WORDS = ['kaijiang', 'admin', 'token', 'lottery', 'macau', 'hongkong', 'marksix'];
let tokenWords: ReadonlySet<string> | null = null;

/** Share of the token's 4-character pieces seen earlier in it (a random token: almost none). */
function repeatedShare(s: string): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (let i = 0; i + 4 <= s.length; i++) {
    const piece = s.slice(i, i + 4);
    if (seen.has(piece)) repeated += 1;
    seen.add(piece);
  }
  return s.length < 4 ? 0 : repeated / (s.length - 3);
}

/**
 * Share of the token's characters inside words of the common-password list, the site's words or
 * years (longest match first, 4 letters or more): a token typed from words guesses like them.
 */
function wordShare(token: string): number {
  tokenWords ??= new Set([
    ...[...commonPasswords()].filter((w) => /^[a-z]{4,}$/.test(w)),
    ...SITE_WORDS,
    ...PLACEHOLDER_WORDS,
  ]);
  const s = token.toLowerCase();
  let covered = 0;
  for (let i = 0; i < s.length;) {
    let hit = 0;
    for (let n = Math.min(20, s.length - i); n >= 4; n--) {
      const piece = s.slice(i, i + n);
      if (tokenWords.has(piece) || (n === 4 && /^(19|20)\d\d$/.test(piece))) {
        hit = n;
        break;
      }
    }
    covered += hit;
    i += hit || 1;
  }
  return covered / s.length;
}

/**
 * Why an admin token is unfit, or null. The token is the whole of the operator's authority, so a
 * short one, a sample value copied from a file or one typed by hand is refused: a published or
 * guessable default is a takeover. The token itself never appears in the message (logs).
 */
export function adminTokenProblem(token: string): string | null {
  const advice = `use ${ADMIN_TOKEN_MIN}+ random characters, e.g. \`openssl rand -base64 32\``;
  if (token.length < ADMIN_TOKEN_MIN) {
    return `must be at least ${ADMIN_TOKEN_MIN} characters (got ${token.length}): ${advice}`;
  }
  const squashed = token.toLowerCase().replace(/[^a-z0-9]/g, '');
  const word = PLACEHOLDER_WORDS.find((w) => squashed.includes(w));
  if (word) return `looks like a placeholder (contains "${word}"): ${advice}`;
  // Random base64 of 32 characters has some 25 different ones, hex some 14 (under 8: 1 in 10^7).
  if (new Set(token).size < 8 || /(.)\1{7}/i.test(token) || longestSequence(squashed) >= 8) {
    return `is not random enough (repeated characters or a run like 0123456789): ${advice}`;
  }
  if (repeatedShare(token) > 0.25) {
    return `is not random enough (a part of it repeats, as in "abcd1234abcd1234"): ${advice}`;
  }
  if (wordShare(token) >= 0.5) {
    return `is not random enough (half of it or more is common words or years): ${advice}`;
  }
  return null;
}
