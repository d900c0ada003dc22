import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ANSWERS, securityHeaders } from '../../src/plugins/external/helmet.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

// The headers are worked out once per route (plugins/external/helmet.ts): every kind of answer
// must still carry them, and a route's own options must still win over the site's.
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend: (app) => {
          app.get(
            '/app-api/test/framed',
            {
              helmet: {
                frameguard: false,
                contentSecurityPolicy: {
                  useDefaults: false,
                  directives: { defaultSrc: ["'self'"], frameAncestors: ['*'] },
                },
              },
            },
            async () => ({ code: 'OK', msg: 'ok', data: 1 }),
          );
          app.get('/app-api/test/bare', { helmet: false }, async () => ({
            code: 'OK',
            msg: 'ok',
            data: 2,
          }));
          app.get('/app-api/test/boom', async () => {
            throw new Error('boom');
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const site = () => securityHeaders({});
  const api = () => securityHeaders(API_ANSWERS);

  it.each([
    ['a page (here the not-built page)', '/game/110', 503],
    ['a missing API path', '/app-api/no/such/call', 404],
    ["the API's reference (a page of its own)", '/app-api/docs', 200],
  ])('%s carries the page policy, framing refused', async (_name, url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBeDefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['an API answer', '/app-api/api/v2/draws/latest?gameId=110', 200],
    ['a refused query', '/app-api/api/v2/draws/latest?gameId=abc', 400],
    ['a failing handler', '/app-api/test/boom', 500],
    ['a chat call', '/chat-api/rooms', 200],
    ['a static data file', '/sys-upload/data/json/games.json', 200],
    ['a missing data file', '/sys-upload/data/json/company/nobody.json', 404],
  ])('%s carries the API set: nothing may load, framing refused', async (_name, url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    // Data files may be read from a static host of their own.
    const dataFile = url.startsWith('/sys-upload/data/');
    expect(res.headers['cross-origin-resource-policy']).toBe(
      dataFile ? 'cross-origin' : 'same-origin',
    );
    if (dataFile) expect(res.headers['access-control-allow-origin']).toBe('*');
    // Stricter than the page policy should the answer be opened as a page.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBe(site()['strict-transport-security']);
    // Read by browsers on documents alone.
    for (const name of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(res.headers[name], name).toBeUndefined();
    }
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('is the same set on every answer of a kind, worked out once', async () => {
    const a = await t.app.inject({ url: '/app-api/api/v2/draws/latest?gameId=110' });
    const b = await t.app.inject({ url: '/app-api/api/v2/draws/latest?gameId=abc' });
    for (const name of Object.keys(api())) expect(b.headers[name], name).toBe(a.headers[name]);
    const c = await t.app.inject({ url: '/game/110' });
    const d = await t.app.inject({ url: '/app-api/no/such/call' });
    for (const name of Object.keys(site())) expect(d.headers[name], name).toBe(c.headers[name]);
  });

  it("takes a route's own options over the site's", async () => {
    const res = await t.app.inject({ url: '/app-api/test/framed' });
    expect(res.headers['content-security-policy']).toBe("default-src 'self';frame-ancestors *");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sets none on a route that opts out', async () => {
    const res = await t.app.inject({ url: '/app-api/test/bare' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBeUndefined();
  });
});

describe('the policy with the chat on an origin of its own', () => {
  it('lets the page call the chat, open its socket and show its pictures — and nothing else', async () => {
    const { contentSecurityPolicy } = await import('../../src/plugins/external/helmet.ts');
    const { loadConfig } = await import('../../src/config.ts');
    const config = loadConfig({
      CHAT_URL: 'https://chat.example.com/chat-api',
      CHAT_IMG_URL: 'https://img.example.com',
    });
    const csp = contentSecurityPolicy(config);
    expect(csp.connectSrc).toEqual(
      expect.arrayContaining(['https://chat.example.com', 'wss://chat.example.com']),
    );
    expect(csp.imgSrc).toEqual(
      expect.arrayContaining(['https://chat.example.com', 'https://img.example.com']),
    );
    expect(csp.scriptSrc).not.toContain('https://chat.example.com');
    // The default (/chat-api on this origin) adds nothing.
    const plain = contentSecurityPolicy(loadConfig({}));
    expect((plain.connectSrc ?? []).some((s) => s.includes('example'))).toBe(false);
  });
});
