// The only module that reads the environment: everything else receives a typed AppConfig.
// The types are in config/types.ts, the readers of values in config/values.ts, the ADMIN_TOKEN
// check in config/admin-token.ts; other modules import them all from here.
import path from 'node:path';
import { adminTokenProblem } from './config/admin-token.ts';
import {
  DEFAULT_HTTP_LIMITS,
  DEFAULT_PUSH_SERVICES,
  ConfigError,
  type AppConfig,
  type DatabaseConfig,
  type Env,
  type PushConfig,
} from './config/types.ts';
import {
  ACCESS_LOGS,
  B64URL,
  cidrOf,
  HOSTNAME,
  list,
  LOG_FORMATS,
  LOG_LEVELS,
  parseUrl,
  pushServiceProblem,
} from './config/values.ts';

export { adminTokenProblem } from './config/admin-token.ts';
export * from './config/types.ts';
export { cidrOf } from './config/values.ts';

const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

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
  // A campus or office behind one address may need more; the end-to-end suite registers more.
  const registrationsPerHour = int('REGISTRATIONS_PER_HOUR', 10, 1, 10_000);

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
    registrationsPerHour,
  };
}
