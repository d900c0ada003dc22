import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createXsrfTokens } from '../../src/plugins/app/xsrf.ts';
import { XSRF_TOKEN_PATH } from '../../src/routes/xsrf/index.ts';
import { createTestApp, xsrfPair } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

describe('anti-forgery token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend: (app) => {
          for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
            app.route({
              method,
              url: '/app-api/test/change',
              handler: async () => ({ code: 'OK', msg: 'ok', data: method }),
            });
          }
          app.post('/app-api/test/exempt', { config: { xsrf: false } }, async () => ({
            code: 'OK',
            msg: 'ok',
            data: true,
          }));
        },
      },
    );
    // A built page to ask for (the pages below are public).
    await fs.writeFile(
      path.join(t.env.webDist, 'index.html'),
      '<!doctype html><html><head><title>开奖网</title></head><body><div id="root"></div></body></html>',
    );
  });
  afterAll(() => t.close());

  it('sets a readable, signed, SameSite=Lax cookie on a browser’s answer that no CDN keeps', async () => {
    for (const url of ['/app-api/health', '/app-api/x', '/app-api/api/user/info']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      const c = res.cookies.find((x) => x.name === 'XSRF-TOKEN');
      expect(c, url).toBeDefined();
      expect(c!.httpOnly).toBeFalsy();
      expect(c!.sameSite).toBe('Lax');
      expect(c!.path).toBe('/');
      expect(c!.value).toMatch(/^[\w-]{36}\.[\w-]{32}$/);
    }
  });

  it('signs none into an answer a shared cache may keep (pages, public reads, data files)', async () => {
    for (const url of [
      '/',
      '/game/110',
      '/sys-upload/data/json/games.json',
      '/app-api/api/v2/draws/latest?gameId=110',
    ]) {
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'sec-fetch-site': 'none' },
      });
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(String(res.headers['cache-control']), url).toMatch(/public/);
    }
  });

  it('the token call signs one for any client without a valid one, and only then', async () => {
    // No browser signals at all (a test client, a browser that sends no fetch metadata).
    const first = await t.app.inject({ url: XSRF_TOKEN_PATH });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 'OK', msg: 'ok', data: true });
    expect(first.headers['cache-control']).toBe('no-store');
    const c = first.cookies.find((x) => x.name === 'XSRF-TOKEN');
    expect(c?.value).toMatch(/^[\w-]{36}\.[\w-]{32}$/);
    expect(c!.sameSite).toBe('Lax');
    // Held and valid: nothing new. A forged or stale one: replaced.
    const held = await t.app.inject({
      url: XSRF_TOKEN_PATH,
      headers: { cookie: `XSRF-TOKEN=${c!.value}` },
    });
    expect(held.headers['set-cookie']).toBeUndefined();
    const forged = await t.app.inject({
      url: XSRF_TOKEN_PATH,
      headers: { cookie: 'XSRF-TOKEN=planted.by-a-sibling-subdomain' },
    });
    expect(forged.cookies.find((x) => x.name === 'XSRF-TOKEN')?.value).toMatch(/^[\w-]{36}\./);
    // What it gave is what a change is then accepted with.
    const change = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/change',
      headers: { cookie: `XSRF-TOKEN=${c!.value}`, 'x-xsrf-token': c!.value },
    });
    expect(change.statusCode).toBe(200);
  });

  it('the token call is limited per address', async () => {
    const from = (ip: string) => t.app.inject({ url: XSRF_TOKEN_PATH, remoteAddress: ip });
    let last = await from('198.51.100.7');
    for (let i = 1; i < 61; i++) last = await from('198.51.100.7');
    expect(last.statusCode).toBe(429);
    expect(last.headers['set-cookie']).toBeUndefined();
    // Another address is not held up by it.
    expect((await from('198.51.100.8')).statusCode).toBe(200);
  });

  it('signs no token for a client that keeps no cookies (an API poller, curl, a server)', async () => {
    for (const url of ['/app-api/health', '/app-api/api/v2/draws/latest?gameId=110', '/x/y']) {
      const res = await t.app.inject({ url, headers: { accept: 'application/json' } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('signs one for a browser: Sec-Fetch-Site, cookies held, or a page asked for', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { cookie: 'theme=dark' },
      { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    ]) {
      const res = await t.app.inject({ url: '/app-api/health', headers });
      expect(
        res.cookies.find((x) => x.name === 'XSRF-TOKEN'),
        JSON.stringify(headers),
      ).toBeDefined();
    }
  });

  it('signs none for a socket handshake (its answer is the socket library’s, not ours)', async () => {
    // Every browser names its origin on a handshake. One the live route refuses (a foreign page)
    // is answered through the framework, where a minted token would show.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `127.0.0.1:${port}/ws-game/test-guid`;
    const origin = 'https://foreign.example';
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const ws = new WebSocket(`ws://${url}`, { headers: { origin } });
      ws.once('unexpected-response', (_req, res) => {
        resolve(res);
        ws.terminate();
      });
      ws.once('open', () => reject(new Error('handshake was accepted')));
      ws.once('error', () => undefined);
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
    // The same request without the upgrade is a browser's, and gets its token.
    const plain = await fetch(`http://${url}`, { headers: { origin } });
    expect(plain.status).toBe(404);
    expect(plain.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });

  it('a refused change from a browser without a token brings one, so a retry can pass', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/v/user/reg',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { username: 'nobody1', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REQ/XSRF');
    expect(res.cookies.find((x) => x.name === 'XSRF-TOKEN')).toBeDefined();
  });

  it('does not reissue a valid cookie, but replaces a forged one', async () => {
    const { cookie } = await xsrfPair(t.app);
    const again = await t.app.inject({ url: '/app-api/health', headers: { cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    const forged = await t.app.inject({
      url: '/app-api/health',
      headers: { cookie: 'XSRF-TOKEN=abc.def' },
    });
    expect(forged.cookies.find((x) => x.name === 'XSRF-TOKEN')).toBeDefined();
  });

  it('accepts state-changing calls with a matching header', async () => {
    const { cookie, token } = await xsrfPair(t.app);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/app-api/test/change',
        headers: { cookie, 'x-xsrf-token': token },
      });
      expect(res.statusCode, method).toBe(200);
      expect(res.json().data).toBe(method);
    }
  });

  it('refuses them with 403 REQ/XSRF otherwise', async () => {
    const { cookie, token } = await xsrfPair(t.app);
    const other = await xsrfPair(t.app);
    const forgedSecret = createXsrfTokens('another-secret-of-enough-length!!').issue();
    const cases: Record<string, Record<string, string>> = {
      'no cookie, no header': {},
      'header only': { 'x-xsrf-token': token },
      'cookie only': { cookie },
      mismatch: { cookie, 'x-xsrf-token': other.token },
      'signed by someone else': {
        cookie: `XSRF-TOKEN=${forgedSecret}`,
        'x-xsrf-token': forgedSecret,
      },
    };
    for (const [name, headers] of Object.entries(cases)) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: '/app-api/test/change', headers });
        expect(res.statusCode, name).toBe(403);
        expect(res.json()).toEqual({ code: 'REQ/XSRF', msg: expect.any(String), data: null });
      }
    }
  });

  it('lets a route opt out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app-api/test/exempt' });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the secret across restarts (stored in the database)', async () => {
    const { buildTestApp } = await import('../helpers/test-app.ts');
    const { cookie, token } = await xsrfPair(t.app);
    const second = await buildTestApp(
      t.env,
      {},
      {
        extend: (app) => {
          app.post('/app-api/test/change', async () => ({ code: 'OK', msg: 'ok', data: 1 }));
        },
      },
    );
    try {
      const res = await second.inject({
        method: 'POST',
        url: '/app-api/test/change',
        headers: { cookie, 'x-xsrf-token': token },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
