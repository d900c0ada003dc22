// The anti-forgery check must hold however the path is spelt: the router decodes and tolerates
// spellings a raw-URL prefix test does not (issue 11 §1). Real sockets, since light-my-request
// would tidy some of these paths before the server saw them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_HASH, form } from '../members/member-helpers.ts';
import { createTestApp, xsrfPair } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { portOf, rawRequest } from '../helpers/raw-http.ts';

/** Every way we know to write `/app-api/v/user/reg` that a prefix test on the raw URL misses. */
const spellings = (path: string): string[] => {
  const rest = path.slice('/app-api'.length);
  return [
    path,
    `/%61pp-api${rest}`,
    `/%41pp-api${rest}`,
    `/app%2Dapi${rest}`,
    `/app%2dapi${rest}`,
    `/%61%70%70%2d%61%70%69${rest}`,
    `/app-api${rest.replace(/\/([a-z])/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`)}`,
    `//app-api${rest}`,
    `///app-api${rest}`,
    `/app-api/${rest}`,
    `/./app-api${rest}`,
    `/%2e/app-api${rest}`,
    `/app-api/.${rest}`,
    `/x/../app-api${rest}`,
    `/x/%2e%2e/app-api${rest}`,
    `${path}/`,
    `${path}?a=1`,
    `${path}/?a=1`,
    `/APP-API${rest}`,
    `/App-Api${rest}`,
    `${path.toUpperCase()}`,
    `http://127.0.0.1${path}`,
    `http://127.0.0.1/%61pp-api${rest}`,
  ];
};

const APP = 'http://127.0.0.1:9999';

describe('anti-forgery check by route, not by spelling', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(
      { ...FAST_HASH, allowedOrigins: [APP] },
      {
        extend: (app) => {
          // A method added later (WebDAV's, say) is state-changing until said otherwise.
          app.addHttpMethod('PROPPATCH', { hasBody: true });
          for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPPATCH']) {
            app.route({
              method,
              url: '/app-api/test/change',
              handler: async () => ({ code: 'OK', msg: 'ok', data: method }),
            });
          }
        },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(t.app);
  });
  afterAll(() => t.close());

  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
  let seq = 0;
  const newMember = () =>
    form({ username: `spell${Date.now() % 1e6}${++seq}`, password: 'Kx9!vR2#mQ7p' });

  it('refuses registration without the token under every spelling', async () => {
    for (const path of spellings('/app-api/v/user/reg')) {
      const res = await rawRequest(port, 'POST', path, formHeaders, newMember());
      // Either the router did not take it (404) or it did and the check refused it: never 200.
      expect([403, 404], `${path} -> ${res.status} ${res.body}`).toContain(res.status);
      const code = (res.json() as { code: string }).code;
      expect(code, path).toBe(res.status === 403 ? 'REQ/XSRF' : 'NOT_FOUND');
    }
  });

  it('refuses every state-changing method without the token under every spelling', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPPATCH']) {
      for (const path of spellings('/app-api/test/change')) {
        const res = await rawRequest(port, method, path, { 'content-type': 'text/plain' }, 'x');
        expect([403, 404], `${method} ${path} -> ${res.status} ${res.body}`).toContain(res.status);
      }
    }
  });

  it('the spellings the router does take still work with the token', async () => {
    const { cookie, token } = await xsrfPair(t.app);
    const headers = { cookie, 'x-xsrf-token': token, 'content-type': 'text/plain' };
    const taken: string[] = [];
    for (const path of spellings('/app-api/test/change')) {
      const res = await rawRequest(port, 'DELETE', path, headers, 'x');
      expect([200, 404], `${path} -> ${res.status}`).toContain(res.status);
      if (res.status === 200) taken.push(path);
    }
    // The plain path and at least the percent-encoded ones reach the route: the refusals above
    // came from the check, not from the router.
    expect(taken).toContain('/app-api/test/change');
    expect(taken).toContain('/%61pp-api/test/change');
    const reg = await rawRequest(
      port,
      'POST',
      '/%61pp-api/v/user/reg',
      { ...headers, ...formHeaders },
      newMember(),
    );
    expect(reg.status, reg.body).toBe(200);
  });

  it('CORS answers the app build however the API path is spelt', async () => {
    for (const path of ['/app-api/health', '/%61pp-api/health', '/app%2Dapi/health']) {
      const res = await rawRequest(port, 'GET', path, { origin: APP });
      expect(res.status, path).toBe(200);
      expect(res.headers['access-control-allow-origin'], path).toBe(APP);
    }
  });
});
