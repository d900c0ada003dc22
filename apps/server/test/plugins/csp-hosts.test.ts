// The pages' policy names every host a page may reach (issue 41): this site, the live hosts, the
// chat's, the static host, the games' streams and VIDEO_HOSTS, and no scheme whole (`wss:` or
// `https:` would be any host). HSTS is set where TLS ends: deploy/nginx.conf.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'Qm9vb2s3Zk1xR2h2TnpYcDJ4V0x5dVJ0Yk5jZEU';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function policy(app: FastifyInstance, url = '/'): Promise<Record<string, string[]>> {
  const res = await app.inject({ url, headers: html });
  const csp = res.headers['content-security-policy'] as string;
  return Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** Keywords, hashes, data: and blob: (this document's own), or a named host. */
const NAMED =
  /^('[a-z-]+'|'sha256-[A-Za-z0-9+/=]+'|data:|blob:|(https?|wss?):\/\/[^\s/]+(\/\S*)?)$/;

describe('the pages’ policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    const env = loadConfig({
      LIVE_HOSTS: 'wss://live01.example.com,live02.example.com',
      CHAT_URL: 'https://chat.example.com/chat-api',
      STATIC_HOST: 'https://static.example.com',
      VIDEO_HOSTS: 'https://cdn.example.net,*.video.example.org,segments.example.io',
    });
    t = await createTestApp({
      adminToken: TOKEN,
      liveHosts: env.liveHosts,
      chatUrl: env.chatUrl,
      staticHost: env.staticHost,
      videoHosts: env.videoHosts,
    });
  });
  afterAll(() => t.close());

  const setStream = (gameId: number, streamUrl: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/app-api/admin/games/${gameId}/stream`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { streamUrl },
    });

  it('names each host on the results widget too, the one page other sites frame', async () => {
    const p = await policy(t.app, '/embed/110');
    // Any site may frame it: that is what it is for; what it reaches is named.
    for (const [directive, sources] of Object.entries(p)) {
      if (directive === 'frame-ancestors') continue;
      for (const s of sources) expect(s, `/embed ${directive} ${s}`).toMatch(NAMED);
    }
    expect(p['connect-src']).toContain('wss://live01.example.com');
  });

  it('names each host, and no scheme stands for every host', async () => {
    const p = await policy(t.app);
    for (const [directive, sources] of Object.entries(p)) {
      for (const s of sources) expect(s, `${directive} ${s}`).toMatch(NAMED);
    }
    expect(p['connect-src']).toEqual([
      "'self'",
      'https://static.example.com',
      'wss://live01.example.com',
      'wss://live02.example.com',
      'ws://live02.example.com',
      'https://chat.example.com',
      'wss://chat.example.com',
      'https://cdn.example.net',
      'https://*.video.example.org',
      'https://segments.example.io',
    ]);
    expect(p['media-src']).toEqual([
      "'self'",
      'blob:',
      'https://static.example.com',
      'https://cdn.example.net',
      'https://*.video.example.org',
      'https://segments.example.io',
    ]);
  });

  it("adds a game's stream host when it is set, and drops it when it goes", async () => {
    expect(
      (await setStream(110, 'https://Live.Streams.example.com:8443/110/index.m3u8')).statusCode,
    ).toBe(200);
    await expect
      .poll(async () => (await policy(t.app))['media-src'])
      .toContain('https://live.streams.example.com:8443');
    const p = await policy(t.app);
    expect(p['connect-src']).toContain('https://live.streams.example.com:8443');
    // The API's answers keep their own policy (nothing loads).
    const api = await t.app.inject({ url: '/app-api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect((await setStream(110, '')).statusCode).toBe(200);
    await expect
      .poll(async () => (await policy(t.app))['media-src'])
      .not.toContain('https://live.streams.example.com:8443');
  });

  it('refuses a VIDEO_HOSTS entry that is no origin', () => {
    for (const bad of [
      'ftp://x.example',
      'https://x.example/path',
      'not a host',
      'https://u@x.example',
    ]) {
      expect(() => loadConfig({ VIDEO_HOSTS: bad }), bad).toThrow(/VIDEO_HOSTS/);
    }
  });
});

describe('HSTS', () => {
  it('is set by the shipped proxy where TLS ends, once, and the guide says so', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const nginx = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    const tls = nginx.slice(nginx.indexOf('listen 443'));
    expect(tls).toMatch(
      /add_header Strict-Transport-Security "max-age=\d{8,}; includeSubDomains" always;/,
    );
    expect(tls).toContain('proxy_hide_header Strict-Transport-Security;');
    // Not on the plain-HTTP server, which only redirects.
    expect(nginx.slice(0, nginx.indexOf('listen 443'))).not.toContain('Strict-Transport-Security');
    const guide = fs.readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');
    expect(guide).toMatch(/\*\*HSTS\*\*[\s\S]*deploy\/nginx\.conf/);
  });
});
