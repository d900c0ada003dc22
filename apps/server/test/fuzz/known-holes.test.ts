// Targeted probes of the issue 11 holes that other branches close. Each probe is named by its id
// in KNOWN_FIXED_ON_OTHER_BRANCHES; while the id is listed the probe runs as `it.fails` (the hole
// is still open here), and once the fix is merged the probe fails until the id is removed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_FIXED_ON_OTHER_BRANCHES } from '../../fuzz/check.ts';
import { sendRaw } from '../../fuzz/raw-http.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { buildTestApp, createTestApp, createTestEnv, type TestApp } from '../helpers/test-app.ts';
import { FAST_HASH, form, uniqueName } from '../members/member-helpers.ts';

const probe = (id: string) =>
  KNOWN_FIXED_ON_OTHER_BRANCHES.has(id) && !process.env.PROBE_PLAIN ? it.fails : it;
const INDEX =
  '<!doctype html><html><head><title>kj</title><!--kj-runtime-config--></head><body></body></html>';

describe('known holes of issue 11', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(FAST_HASH);
    await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
    // The console's page too: an unbuilt console answers 503, which is not what is fuzzed.
    await fs.mkdir(t.app.config.consoleDist, { recursive: true });
    await fs.writeFile(path.join(t.app.config.consoleDist, 'console.html'), INDEX);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const raw = (text: string) => sendRaw(Buffer.from(text, 'latin1'), { host: '127.0.0.1', port });

  probe('xsrf-path-spelling')(
    'refuses a registration without the anti-forgery header under every spelling of its path',
    async () => {
      const spellings = [
        '/%61pp-api/v/user/reg',
        '//app-api/v/user/reg',
        '/./app-api/v/user/reg',
        '/app-api/v/user/reg/',
        '/app%2Dapi/v/user/reg',
        '/app-api/v/user/%72eg',
      ];
      for (const spelling of spellings) {
        const body = form({ username: uniqueName('xs'), password: 'Correct-Horse-9' });
        const res = await raw(
          `POST ${spelling} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
            `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
        expect(res.answer?.status, spelling).not.toBe(200);
        expect(res.answer!.body.toString(), spelling).not.toContain('"token"');
      }
    },
  );

  probe('malformed-url-envelope')('answers a malformed URL with the §4 envelope', async () => {
    for (const url of [
      '/app-api/api/v2/news/%',
      '/app-api/api/v2/news/%c0%af',
      `/app-api/admin/news/${'9'.repeat(150)}`,
    ]) {
      const res = await raw(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(res.answer?.status, url).toBeGreaterThanOrEqual(400);
      expect(res.answer?.status, url).toBeLessThan(500);
      const body = JSON.parse(res.answer!.body.toString('utf8')) as Record<string, unknown>;
      expect(Object.keys(body).sort(), url).toEqual(['code', 'data', 'msg']);
    }
  });

  probe('pages-accept-any')('serves a page for Accept: */*', async () => {
    const res = await t.app.inject({ url: '/game/110', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  probe('pages-no-accept')('serves a page without an Accept header', async () => {
    const res = await raw('GET /game/110 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(res.answer?.status).toBe(200);
    expect(res.answer?.headers['content-type']).toMatch(/^text\/html/);
  });

  probe('soft-404')('answers an unknown page with 404 and the not-found screen', async () => {
    const res = await t.app.inject({
      url: '/no-such-page/at-all',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  probe('login-lockout-parallel')(
    'evaluates at most five of sixty parallel wrong passwords for one account',
    async () => {
      const { cookie, token } = await (await import('../helpers/test-app.ts')).xsrfPair(t.app);
      const username = uniqueName('lk');
      const headers = {
        cookie,
        'x-xsrf-token': token,
        'content-type': 'application/x-www-form-urlencoded',
      };
      await t.app.inject({
        method: 'POST',
        url: '/app-api/v/user/reg',
        headers,
        payload: form({ username, password: 'Correct-Horse-9' }),
        remoteAddress: '10.9.0.1',
      });
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/app-api/v/user/login',
            headers,
            payload: form({ username, password: `wrong-guess-${i}` }),
            remoteAddress: `10.9.${1 + (i % 50)}.2`,
          }),
        ),
      );
      const evaluated = answers.filter(
        (a) => a.json<{ code: string }>().code === 'UC/BAD_CREDENTIALS',
      );
      expect(evaluated.length).toBeLessThanOrEqual(5);
      expect(answers.every((a) => [400, 429].includes(a.statusCode))).toBe(true);
    },
  );
});

describe('known holes of issue 11: configuration', () => {
  probe('trust-proxy-hops')(
    'reads TRUST_PROXY=1 as one trusted hop, not as trust everyone',
    async () => {
      const env = await createTestEnv();
      const app = await buildTestApp(
        env,
        { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy },
        { extend: (a) => void a.get('/app-api/fuzz-ip', async (request) => ({ ip: request.ip })) },
      );
      try {
        // nginx appends the address it saw; whatever the client wrote before it is the client's.
        const res = await app.inject({
          url: '/app-api/fuzz-ip',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
        });
        expect(res.json()).toEqual({ ip: '203.0.113.9' });
      } finally {
        await app.close();
        await env.cleanup();
      }
    },
  );

  probe('admin-token-rules')(
    'refuses a short or placeholder ADMIN_TOKEN and ships no default',
    async () => {
      for (const token of [
        'a'.repeat(20),
        'change-me-please-0123456789abcdef0123',
        'CHANGE-ME-to-32-random-characters-or-more',
      ]) {
        expect(() => loadConfig({ ADMIN_TOKEN: token }), token).toThrow(ConfigError);
        try {
          loadConfig({ ADMIN_TOKEN: token });
        } catch (err) {
          expect((err as Error).message).toContain('ADMIN_TOKEN');
        }
      }
      expect(
        loadConfig({ ADMIN_TOKEN: 'q8Vn3xT0bZ5rL2mK7wH4cJ9pF1sD6gY0aE3uR8tN' }).adminToken,
      ).toBeTruthy();
      const compose = await fs.readFile(
        path.resolve(import.meta.dirname, '../../../../deploy/compose.yaml'),
        'utf8',
      );
      expect(compose).not.toMatch(/ADMIN_TOKEN:-/);
    },
  );
});
