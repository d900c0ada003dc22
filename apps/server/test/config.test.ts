import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, adminTokenProblem, loadConfig } from '../src/config.ts';

const CWD = '/srv/kj';

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, CWD);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults with no variables', () => {
    const c = loadConfig({}, CWD);
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/kj/data',
      database: { kind: 'sqlite', file: '/srv/kj/data/kaijiang.sqlite' },
      redisUrl: null,
      companyCode: 'kj',
      liveHosts: [],
      allowedOrigins: [],
      adminToken: null,
      logLevel: 'info',
      accessLog: 'notable',
      staticHost: '',
      seedDemo: true,
      xsrfSecret: null,
      trustProxy: false,
    });
    expect(path.isAbsolute(c.webDist)).toBe(true);
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads good values', () => {
    const c = loadConfig(
      {
        PORT: '3000',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/kj',
        DATABASE_URL: 'postgres://kj:pw@db.internal:5432/kaijiang',
        REDIS_URL: 'redis://cache:6379/0',
        COMPANY_CODE: 'hk_01',
        LIVE_HOSTS: 'wss://live1.example.com, live2.example.com:8443 ,',
        ALLOWED_ORIGINS: 'https://kj.example.com/, http://localhost:5173',
        ADMIN_TOKEN: 'LADu7x07Tn1aHfGd2gdRn2K1s-yDSAL0-W31ASQU',
        LOG_LEVEL: 'DEBUG',
        ACCESS_LOG: 'All',
        WEB_DIST: '/opt/web',
        STATIC_HOST: 'https://static.example.com/',
        SEED_DEMO: 'false',
        XSRF_SECRET: 'x'.repeat(32),
      },
      CWD,
    );
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/kj/var/kj',
      database: { kind: 'postgres', url: 'postgres://kj:pw@db.internal:5432/kaijiang' },
      redisUrl: 'redis://cache:6379/0',
      companyCode: 'hk_01',
      liveHosts: ['wss://live1.example.com', 'live2.example.com:8443'],
      allowedOrigins: ['https://kj.example.com', 'http://localhost:5173'],
      adminToken: 'LADu7x07Tn1aHfGd2gdRn2K1s-yDSAL0-W31ASQU',
      logLevel: 'debug',
      accessLog: 'all',
      webDist: '/opt/web',
      staticHost: 'https://static.example.com',
      seedDemo: false,
      xsrfSecret: 'x'.repeat(32),
    });
  });

  it('refuses an unknown ACCESS_LOG, naming the variable', () => {
    expect(() => loadConfig({ ACCESS_LOG: 'some' }, CWD)).toThrow(
      /ACCESS_LOG must be one of notable, all, off/,
    );
  });

  it('accepts a sqlite: DATABASE_URL and postgresql://', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:db/kj.sqlite' }, CWD).database).toEqual({
      kind: 'sqlite',
      file: '/srv/kj/db/kj.sqlite',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/db' }, CWD).database.kind).toBe('postgres');
  });

  it('reads TRUST_PROXY as a flag, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, CWD).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'YES' }, CWD).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }, CWD).trustProxy).toBe(false);
    // A number is a hop count, `1` included: one nginx in front, not "trust every hop".
    expect(loadConfig({ TRUST_PROXY: '1' }, CWD).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }, CWD).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }, CWD).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, CWD).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('reads MAX_CONNECTIONS_PER_IP, leaving room for the live sockets', () => {
    const cap = (env: Record<string, string>) => loadConfig(env, CWD).http.maxConnectionsPerIp;
    expect(cap({})).toBe(256);
    expect(cap({ MAX_CONNECTIONS_PER_IP: '0' })).toBe(0);
    expect(cap({ MAX_CONNECTIONS_PER_IP: '1000' })).toBe(1000);
    // Raising or lifting only the live cap carries the connection cap along.
    expect(cap({ LIVE_MAX_CONNECTIONS_PER_IP: '500' })).toBe(564);
    expect(cap({ LIVE_MAX_CONNECTIONS_PER_IP: '0' })).toBe(0);
    expect(issuesOf({ MAX_CONNECTIONS_PER_IP: '50' })[0]).toMatch(/MAX_CONNECTIONS_PER_IP/);
    expect(issuesOf({ MAX_CONNECTIONS_PER_IP: 'lots' })[0]).toMatch(/MAX_CONNECTIONS_PER_IP/);
    expect(issuesOf({ MAX_CONNECTIONS_PER_IP: '50' })[0]).toMatch(/LIVE_MAX_CONNECTIONS_PER_IP/);
    expect(cap({ MAX_CONNECTIONS_PER_IP: '50', LIVE_MAX_CONNECTIONS_PER_IP: '0' })).toBe(50);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_TOKEN: '  ', DATABASE_URL: '' }, CWD)).toMatchObject({
      port: 8080,
      adminToken: null,
      database: { kind: 'sqlite' },
    });
  });

  it.each([
    [{ PORT: 'http' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x/y' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://' }, /DATABASE_URL/],
    [{ REDIS_URL: 'http://cache' }, /REDIS_URL/],
    [{ COMPANY_CODE: 'KJ' }, /COMPANY_CODE/],
    [{ COMPANY_CODE: 'a/b' }, /COMPANY_CODE/],
    [{ LIVE_HOSTS: 'http://x.com' }, /LIVE_HOSTS/],
    [{ LIVE_HOSTS: 'bad host' }, /LIVE_HOSTS/],
    [{ ALLOWED_ORIGINS: 'ftp://x' }, /ALLOWED_ORIGINS/],
    [{ ADMIN_TOKEN: 'short' }, /ADMIN_TOKEN must be at least 32/],
    // What compose shipped as its default, and the sample of kaijiang.env.example.
    [{ ADMIN_TOKEN: 'change-me-please-0123456789' }, /ADMIN_TOKEN/],
    [{ ADMIN_TOKEN: 'CHANGE-ME-to-32-random-characters-or-more' }, /ADMIN_TOKEN .*placeholder/],
    [{ ADMIN_TOKEN: 'change-me-please-0123456789-0123456789' }, /ADMIN_TOKEN .*placeholder/],
    [{ ADMIN_TOKEN: 'my-example-token-for-the-production-site' }, /ADMIN_TOKEN .*placeholder/],
    [{ ADMIN_TOKEN: 'kaijiang-super-secret-admin-token-2026' }, /ADMIN_TOKEN .*placeholder/],
    [{ ADMIN_TOKEN: 'ourPassword-for-the-admin-api-of-kaijiang' }, /ADMIN_TOKEN .*placeholder/],
    [{ ADMIN_TOKEN: 'x'.repeat(40) }, /ADMIN_TOKEN .*not random/],
    [{ ADMIN_TOKEN: 'ab'.repeat(20) }, /ADMIN_TOKEN .*not random/],
    [{ ADMIN_TOKEN: 'kj-01234567890123456789012345678901' }, /ADMIN_TOKEN .*not random/],
    [{ ADMIN_TOKEN: 'kj-zyxwvutsrqponmlkjihgfedcba-token' }, /ADMIN_TOKEN .*not random/],
    // Issue 41: a repeated chunk, and words from a list (with years).
    [{ ADMIN_TOKEN: 'Kaijiang2026Kaijiang2026Kaijiang2026' }, /ADMIN_TOKEN .*part of it repeats/],
    [{ ADMIN_TOKEN: 'h8Kp2vXqh8Kp2vXqh8Kp2vXqh8Kp2vXqZr' }, /ADMIN_TOKEN .*part of it repeats/],
    [{ ADMIN_TOKEN: 'SunshineDragonMonkeyFootball-2026' }, /ADMIN_TOKEN .*common words/],
    [{ ADMIN_TOKEN: 'Kaijiang2026-Liverpool-Superman!!' }, /ADMIN_TOKEN .*common words/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ STATIC_HOST: 'static.example.com' }, /STATIC_HOST/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ XSRF_SECRET: 'short' }, /XSRF_SECRET/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY/],
  ])('rejects %o', (env, pattern) => {
    const issues = issuesOf(env);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(pattern);
  });

  it('accepts random admin tokens and never quotes one back', () => {
    for (let i = 0; i < 2_000; i++) {
      for (const encoding of ['base64', 'base64url', 'hex'] as const) {
        const token = randomBytes(encoding === 'hex' ? 16 : 24).toString(encoding);
        expect(adminTokenProblem(token), token).toBeNull();
      }
    }
    const token = 'change-me-please-0123456789-0123456789';
    expect(issuesOf({ ADMIN_TOKEN: token }).join()).not.toContain(token);
  });

  it('lists every bad variable at once', () => {
    const issues = issuesOf({ PORT: 'x', COMPANY_CODE: 'A', ADMIN_TOKEN: 'y', LOG_LEVEL: 'z' });
    expect(issues).toHaveLength(4);
    try {
      loadConfig({ PORT: 'x', COMPANY_CODE: 'A' }, CWD);
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT[\s\S]*COMPANY_CODE/);
    }
  });
});
