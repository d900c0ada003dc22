import net from 'node:net';
// The only module that reads the environment: everything else receives a typed AppConfig.
import path from 'node:path';
import { commonPasswords } from './members/password-policy.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute; holds the SQLite file and uploads. */
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  companyCode: string;
  /** ws/wss origins or bare hostnames of the live-draw socket; empty = same origin. */
  liveHosts: string[];
  /**
   * Origins pages may play video from beyond the games' own stream URLs (an HLS playlist's
   * segments on a CDN): http(s) origins, `*.` wildcards allowed.
   */
  videoHosts: string[];
  /** Normalised origins (scheme://host[:port]). */
  allowedOrigins: string[];
  /** Live socket limits (docs/architecture.md §7); tests shorten the idle timeout. */
  live: {
    idleTimeoutMs: number;
    maxConnectionsPerIp: number;
  };
  /** HTTP connection limits (slow clients and descriptor exhaustion); tests shorten them. */
  http: HttpLimits;
  adminToken: string | null;
  logLevel: LogLevel;
  /** `pretty`: short lines for a person; `json`: a line of JSON per entry; null: by stdout. */
  logFormat: LogFormat | null;
  /**
   * Which requests get a line of their own: `notable` (errors, slow answers and every change;
   * the rest counted into a line a minute), `all`, or `off` (the minute line only).
   */
  accessLog: AccessLog;
  /** Absolute path of the built web app. */
  webDist: string;
  /** The web app's server-rendering module (vite build --ssr), or null: send index.html as is. */
  webSsr: string | null;
  /** The operator console's build (vite build --mode console), served under /admin. */
  consoleDist: string;
  /** Origin that serves /sys-upload for the web app, '' = same origin. */
  staticHost: string;
  /** Where the web finds the chat service (docs/architecture.md §10): `/chat-api` here, or another origin. */
  chatUrl: string;
  /** Origin of the chat's pictures ('' = same origin as the page). */
  chatImgUrl: string;
  seedDemo: boolean;
  /** Signs XSRF tokens; when null a secret is generated once and kept in the database. */
  xsrfSecret: string | null;
  /** Web Push (issue 16): see push/README in the design notes. */
  push: PushConfig;
  /**
   * Addresses (IPs or CIDRs) the per-address quotas of the public draw reads do not count: a
   * monitoring host, a partner's server, the load bench. Sign-in and registration limits still do.
   */
  readLimitExempt: string[];
  /** Fastify trustProxy: false (default), true (every hop), a hop count, or proxy IPs/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Runs scheduled draws (DRAW_ENGINE=off for tests and benches that do not need them). */
  drawEngine: boolean;
  /**
   * CHAT_ONLY=true: this process is the chat service alone (docs/architecture.md §10), /chat-api and the
   * pictures it stores; the site's own server points at it with CHAT_URL. Draw announcements
   * and sign-out revocations reach it through Redis (REDIS_URL on both).
   */
  chatOnly: boolean;
  /** Pause between two revealed balls of a live draw. */
  drawBallIntervalMs: number;
  /** How often an `upstream` game polls the other site. */
  drawUpstreamPollMs: number;
  /** Lifetime of the engine lease: a crashed holder is replaced within it. */
  drawLeaseTtlMs: number;
  /** Days of demo draw history an empty database gets (with seedDemo); 0 = none. */
  demoHistoryDays: number;
  /**
   * With seedDemo: the first start loads the bundled real Hong Kong history (apps/server/data)
   * into game 111 instead of its demo history (REAL_HISTORY, default on).
   */
  realHistory: boolean;
  /** Member passwords: scrypt N = 2^scryptLogN (r 8, p 1) and how many hashes run at once. */
  passwords: { scryptLogN: number; hashConcurrency: number };
}

export interface HttpLimits {
  /** The request line and headers must arrive within this (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (keep it above the proxy's own). */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way for this long is destroyed (a reader that stalls). */
  socketIdleTimeoutMs: number;
  /** How often Node looks for connections past the header and request timeouts. */
  checkIntervalMs: number;
  /** Open TCP connections per client address (address-key.ts), trusted proxies exempt; 0 = off. */
  maxConnectionsPerIp: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 10_000,
  socketIdleTimeoutMs: 60_000,
  checkIntervalMs: 2_000,
  maxConnectionsPerIp: 256,
};

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
export type AccessLog = 'notable' | 'all' | 'off';
const ACCESS_LOGS: readonly AccessLog[] = ['notable', 'all', 'off'];
export type LogFormat = 'json' | 'pretty';
const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];
const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** An IP address or CIDR as [address, prefix, family], or null when it is neither. */
export function cidrOf(text: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', prefixText, ...rest] = text.split('/');
  const v = net.isIP(address);
  if (v === 0 || rest.length > 0) return null;
  const most = v === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? most : Number(prefixText);
  if (prefix > most) return null;
  return [address, prefix, v === 4 ? 'ipv4' : 'ipv6'];
}

export interface PushConfig {
  /** VAPID key pair (base64url); when null one is generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** The contact a push service may write to about our sends (RFC 8292 `sub`). */
  subject: string;
  /**
   * The push services a subscription's endpoint may point at, as origins (`https://host`, or
   * `https://*.suffix` for a host and its subdomains): the server posts to those URLs, so a
   * visitor-chosen endpoint anywhere else would make us a proxy into other networks.
   */
  services: string[];
  /** Sends per second across all jobs. */
  sendsPerSecond: number;
  /**
   * This instance may send (PUSH_SEND, default on): the instances that may compete for the
   * sender's lease, one sending at a time. Off only where no push may leave (tests).
   */
  send: boolean;
}

/** The push services of the browsers our visitors use (Chrome/Edge/Opera, Firefox, Safari, Windows). */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
];

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a push service origin is unfit, or null (plain http only to this machine, for tests). */
function pushServiceProblem(entry: string): string | null {
  const m = /^(https?):\/\/(\*\.)?([^/*]+)$/.exec(entry);
  if (!m) return `"${entry}" is not an origin such as https://fcm.googleapis.com`;
  let host: string;
  try {
    host = new URL(`${m[1]}://${m[3]}`).hostname;
  } catch {
    return `"${entry}" is not an origin`;
  }
  if (m[1] === 'http' && (m[2] || !LOOPBACK.has(host))) {
    return `"${entry}": plain http only for this machine (127.0.0.1, localhost)`;
  }
  return null;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const HOSTNAME =
  /^(?=.{1,253}(:\d{1,5})?$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

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

/**
 * Validates every variable and reports all problems at once, so a deploy is fixed in one go.
 * `cwd` resolves relative paths (DATA_DIR, WEB_DIST, sqlite: URLs).
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): AppConfig {
  const issues: string[] = [];
  const get = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === '' ? undefined : v;
  };

  let port = 8080;
  const portRaw = get('PORT');
  if (portRaw !== undefined) {
    port = Number(portRaw);
    if (!/^\d+$/.test(portRaw) || port > 65535) {
      issues.push(`PORT must be an integer 0-65535, got "${portRaw}"`);
    }
  }

  const host = get('HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(cwd, get('DATA_DIR') ?? './data');

  let database: DatabaseConfig = { kind: 'sqlite', file: path.join(dataDir, 'kaijiang.sqlite') };
  const dbUrl = get('DATABASE_URL');
  if (dbUrl !== undefined) {
    if (/^postgres(ql)?:\/\//i.test(dbUrl)) {
      const u = parseUrl(dbUrl);
      if (!u || !u.hostname) issues.push('DATABASE_URL is not a valid postgres:// URL');
      else database = { kind: 'postgres', url: dbUrl };
    } else if (/^(sqlite|file):/i.test(dbUrl)) {
      const file = dbUrl.replace(/^(sqlite|file):(\/\/)?/i, '');
      if (!file) issues.push('DATABASE_URL sqlite: needs a file path');
      else database = { kind: 'sqlite', file: path.resolve(cwd, file) };
    } else {
      issues.push('DATABASE_URL must start with postgres://, postgresql://, sqlite: or file:');
    }
  }

  let redisUrl: string | null = null;
  const redisRaw = get('REDIS_URL');
  if (redisRaw !== undefined) {
    const u = parseUrl(redisRaw);
    if (!u || !/^rediss?:$/.test(u.protocol)) {
      issues.push('REDIS_URL must be a redis:// or rediss:// URL');
    } else redisUrl = redisRaw;
  }

  const companyCode = get('COMPANY_CODE') ?? 'kj';
  if (!/^[a-z0-9_-]{1,32}$/.test(companyCode)) {
    issues.push(`COMPANY_CODE must be 1-32 of [a-z0-9_-], got "${companyCode}"`);
  }

  const liveHosts: string[] = [];
  for (const h of list(env.LIVE_HOSTS)) {
    if (/^wss?:\/\//i.test(h)) {
      const u = parseUrl(h);
      if (u && u.hostname) liveHosts.push(h.replace(/\/+$/, ''));
      else issues.push(`LIVE_HOSTS entry "${h}" is not a valid ws:// or wss:// URL`);
    } else if (HOSTNAME.test(h)) {
      liveHosts.push(h.toLowerCase());
    } else {
      issues.push(`LIVE_HOSTS entry "${h}" must be a ws/wss origin or a hostname`);
    }
  }

  const videoHosts: string[] = [];
  for (const h of list(env.VIDEO_HOSTS)) {
    const bare = /^[a-z]+:\/\//i.test(h) ? h : `https://${h}`;
    const u = parseUrl(bare.replace('://*.', '://wildcard.'));
    const wildcard = bare.includes('://*.');
    if (!u || !/^https?:$/.test(u.protocol) || u.pathname !== '/' || u.search || u.username) {
      issues.push(`VIDEO_HOSTS entry "${h}" must be an http(s) origin or a hostname`);
    } else {
      videoHosts.push(wildcard ? u.origin.replace('://wildcard.', '://*.') : u.origin);
    }
  }

  const allowedOrigins: string[] = [];
  for (const o of list(env.ALLOWED_ORIGINS)) {
    const u = parseUrl(o);
    if (!u || !/^https?:$/.test(u.protocol) || !u.hostname) {
      issues.push(`ALLOWED_ORIGINS entry "${o}" must be an http(s) origin`);
    } else allowedOrigins.push(u.origin);
  }

  // Behind a proxy without TRUST_PROXY every visitor shares the proxy's address: 0 turns it off.
  let maxConnectionsPerIp = 100;
  const perIpRaw = get('LIVE_MAX_CONNECTIONS_PER_IP');
  if (perIpRaw !== undefined) {
    maxConnectionsPerIp = Number(perIpRaw);
    if (!/^\d+$/.test(perIpRaw)) {
      issues.push(
        `LIVE_MAX_CONNECTIONS_PER_IP must be a whole number (0 = no cap), got "${perIpRaw}"`,
      );
    }
  }

  // Every live socket is a connection too: the connection cap must leave room for them.
  let maxHttpPerIp = DEFAULT_HTTP_LIMITS.maxConnectionsPerIp;
  const httpPerIpRaw = get('MAX_CONNECTIONS_PER_IP');
  if (httpPerIpRaw !== undefined) {
    maxHttpPerIp = Number(httpPerIpRaw);
    if (!/^\d{1,7}$/.test(httpPerIpRaw)) {
      issues.push(
        `MAX_CONNECTIONS_PER_IP must be a whole number (0 = no cap), got "${httpPerIpRaw}"`,
      );
    } else if (maxHttpPerIp > 0 && maxHttpPerIp < maxConnectionsPerIp) {
      issues.push(
        `MAX_CONNECTIONS_PER_IP (${maxHttpPerIp}) must be 0 or at least LIVE_MAX_CONNECTIONS_PER_IP ` +
          `(${maxConnectionsPerIp}): every live socket is a connection`,
      );
    }
  } else if (maxConnectionsPerIp === 0 || maxConnectionsPerIp > maxHttpPerIp) {
    // A live cap raised (or lifted) alone lifts the connection cap with it.
    maxHttpPerIp = maxConnectionsPerIp === 0 ? 0 : maxConnectionsPerIp + 64;
  }

  const adminToken = get('ADMIN_TOKEN') ?? null;
  const adminProblem = adminToken === null ? null : adminTokenProblem(adminToken);
  if (adminProblem) issues.push(`ADMIN_TOKEN ${adminProblem}`);

  const logRaw = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  const logLevel = LOG_LEVELS.find((l) => l === logRaw);
  if (!logLevel) issues.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const formatRaw = get('LOG_FORMAT')?.toLowerCase();
  const logFormat = LOG_FORMATS.find((f) => f === formatRaw) ?? null;
  if (formatRaw !== undefined && !logFormat) {
    issues.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}`);
  }
  const accessRaw = (get('ACCESS_LOG') ?? 'notable').toLowerCase();
  const accessLog = ACCESS_LOGS.find((a) => a === accessRaw);
  if (!accessLog) issues.push(`ACCESS_LOG must be one of ${ACCESS_LOGS.join(', ')}`);

  const webDistRaw = get('WEB_DIST');
  const webDist = webDistRaw ? path.resolve(cwd, webDistRaw) : DEFAULT_WEB_DIST;
  // Built next to the web app (apps/web/dist-ssr beside apps/web/dist) unless told otherwise.
  const webSsrRaw = get('WEB_SSR');
  const webSsr =
    webSsrRaw === 'off'
      ? null
      : webSsrRaw
        ? path.resolve(cwd, webSsrRaw)
        : path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  const consoleRaw = get('CONSOLE_DIST');
  const consoleDist = consoleRaw
    ? path.resolve(cwd, consoleRaw)
    : path.join(webDist, '..', 'dist-console');

  let staticHost = '';
  const staticRaw = get('STATIC_HOST');
  if (staticRaw !== undefined) {
    const u = parseUrl(staticRaw);
    if (!u || !/^https?:$/.test(u.protocol) || !u.hostname) {
      issues.push('STATIC_HOST must be an http(s) URL such as https://static.example.com');
    } else staticHost = u.origin + u.pathname.replace(/\/+$/, '');
  }

  const httpUrl = (name: string, raw: string | undefined, fallback: string): string => {
    if (raw === undefined) return fallback;
    const u = parseUrl(raw);
    if (!u || !/^https?:$/.test(u.protocol) || !u.hostname) {
      issues.push(`${name} must be an http(s) URL such as https://chat.example.com`);
      return fallback;
    }
    return u.origin + u.pathname.replace(/\/+$/, '');
  };
  const chatUrl = httpUrl('CHAT_URL', get('CHAT_URL'), '/chat-api');
  const chatImgUrl = httpUrl('CHAT_IMG_URL', get('CHAT_IMG_URL'), '');

  let seedDemo = true;
  const seedRaw = get('SEED_DEMO')?.toLowerCase();
  if (seedRaw !== undefined) {
    if (['1', 'true', 'yes', 'on'].includes(seedRaw)) seedDemo = true;
    else if (['0', 'false', 'no', 'off'].includes(seedRaw)) seedDemo = false;
    else issues.push('SEED_DEMO must be true or false');
  }

  const xsrfSecret = get('XSRF_SECRET') ?? null;
  if (xsrfSecret !== null && xsrfSecret.length < 32) {
    issues.push('XSRF_SECRET must be at least 32 characters');
  }

  const vapidPublic = get('VAPID_PUBLIC_KEY');
  const vapidPrivate = get('VAPID_PRIVATE_KEY');
  let vapid: PushConfig['vapid'] = null;
  if (vapidPublic !== undefined || vapidPrivate !== undefined) {
    const bytes = (v: string | undefined) =>
      v !== undefined && B64URL.test(v) ? Buffer.from(v, 'base64url').length : -1;
    if (bytes(vapidPublic) !== 65 || bytes(vapidPrivate) !== 32) {
      issues.push(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together, base64url P-256 keys (65 and 32 bytes): `npx web-push generate-vapid-keys`',
      );
    } else vapid = { publicKey: vapidPublic!, privateKey: vapidPrivate! };
  }
  const subject = get('VAPID_SUBJECT') ?? 'mailto:webmaster@localhost';
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) {
    issues.push('VAPID_SUBJECT must be a mailto: address or an https: URL');
  }
  const services =
    get('PUSH_SERVICES') === undefined ? DEFAULT_PUSH_SERVICES : list(get('PUSH_SERVICES'));
  for (const entry of services) {
    const problem = pushServiceProblem(entry);
    if (problem) issues.push(`PUSH_SERVICES: ${problem}`);
  }

  const exemptRaw = list(get('READ_LIMIT_EXEMPT'));
  const readLimitExempt = exemptRaw.filter((a) => cidrOf(a) !== null);
  if (readLimitExempt.length !== exemptRaw.length) {
    issues.push('READ_LIMIT_EXEMPT must be a comma list of IP addresses or CIDRs (10.0.0.0/8)');
  }

  // Off by default: trusting X-Forwarded-For without a proxy lets clients pick their own IP
  // (and so dodge per-IP rate limits).
  let trustProxy: boolean | number | string[] = false;
  const proxyRaw = get('TRUST_PROXY')?.toLowerCase();
  if (proxyRaw !== undefined) {
    // A number is a hop count: `1` is the one nginx in front of us, not "trust everyone"
    // (which would let a client pick its own address with an X-Forwarded-For of its own).
    if (['true', 'yes'].includes(proxyRaw)) trustProxy = true;
    else if (['false', 'no'].includes(proxyRaw)) trustProxy = false;
    else if (/^\d{1,2}$/.test(proxyRaw)) trustProxy = Number(proxyRaw) || false;
    else if (list(proxyRaw).every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a))) {
      trustProxy = list(proxyRaw);
    } else {
      issues.push(
        'TRUST_PROXY must be true, false, a hop count (1 = one proxy) or a comma list of proxy IPs/CIDRs',
      );
    }
  }

  let chatOnly = false;
  const chatOnlyRaw = get('CHAT_ONLY')?.toLowerCase();
  if (chatOnlyRaw !== undefined) {
    if (['1', 'true', 'yes', 'on'].includes(chatOnlyRaw)) chatOnly = true;
    else if (!['0', 'false', 'no', 'off'].includes(chatOnlyRaw))
      issues.push('CHAT_ONLY must be true or false');
  }

  let drawEngine = true;
  const engineRaw = get('DRAW_ENGINE')?.toLowerCase();
  if (engineRaw !== undefined) {
    if (['1', 'true', 'yes', 'on'].includes(engineRaw)) drawEngine = true;
    else if (['0', 'false', 'no', 'off'].includes(engineRaw)) drawEngine = false;
    else issues.push('DRAW_ENGINE must be on or off');
  }
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      issues.push(`${name} must be an integer ${min}-${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const drawBallIntervalMs = int('DRAW_BALL_INTERVAL_MS', 4000, 1, 60_000);
  const drawUpstreamPollMs = int('DRAW_UPSTREAM_POLL_MS', 3000, 50, 300_000);
  const drawLeaseTtlMs = int('DRAW_LEASE_TTL_MS', 15_000, 1_000, 300_000);
  const demoHistoryDays = int('DEMO_HISTORY_DAYS', 1096, 0, 3660);
  let realHistory = true;
  const realRaw = get('REAL_HISTORY')?.toLowerCase();
  if (realRaw !== undefined) {
    if (['1', 'true', 'yes', 'on'].includes(realRaw)) realHistory = true;
    else if (['0', 'false', 'no', 'off'].includes(realRaw)) realHistory = false;
    else issues.push('REAL_HISTORY must be on or off');
  }
  const sendsPerSecond = int('PUSH_SENDS_PER_SECOND', 100, 1, 10_000);
  let pushSend = true;
  const pushSendRaw = get('PUSH_SEND')?.toLowerCase();
  if (pushSendRaw !== undefined) {
    if (['1', 'true', 'yes', 'on'].includes(pushSendRaw)) pushSend = true;
    else if (['0', 'false', 'no', 'off'].includes(pushSendRaw)) pushSend = false;
    else issues.push('PUSH_SEND must be on or off');
  }
  // Each running hash holds 128 MiB at 2^17 (doubling per step), hence the small default.
  const scryptLogN = int('PASSWORD_SCRYPT_LOG_N', 17, 17, 20);
  const hashConcurrency = int('PASSWORD_HASH_CONCURRENCY', 2, 1, 16);

  if (issues.length > 0) throw new ConfigError(issues);
  return {
    port,
    host,
    dataDir,
    database,
    redisUrl,
    companyCode,
    liveHosts,
    videoHosts,
    allowedOrigins,
    live: { idleTimeoutMs: 45_000, maxConnectionsPerIp },
    http: { ...DEFAULT_HTTP_LIMITS, maxConnectionsPerIp: maxHttpPerIp },
    adminToken,
    logLevel: logLevel ?? 'info',
    logFormat,
    accessLog: accessLog ?? 'notable',
    webDist,
    webSsr,
    consoleDist,
    staticHost,
    chatUrl,
    chatImgUrl,
    seedDemo,
    xsrfSecret,
    push: { vapid, subject, services, sendsPerSecond, send: pushSend },
    trustProxy,
    readLimitExempt,
    drawEngine,
    chatOnly,
    drawBallIntervalMs,
    drawUpstreamPollMs,
    drawLeaseTtlMs,
    demoHistoryDays,
    realHistory,
    passwords: { scryptLogN, hashConcurrency },
  };
}
