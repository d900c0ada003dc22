// The typed configuration the server runs on (config.ts reads it from the environment).

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
  /** Accounts one address may register in an hour (REGISTRATIONS_PER_HOUR, default 10). */
  registrationsPerHour: number;
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

export type AccessLog = 'notable' | 'all' | 'off';
export type LogFormat = 'json' | 'pretty';

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
