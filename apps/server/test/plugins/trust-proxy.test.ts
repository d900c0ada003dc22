// Which X-Forwarded-For hop becomes request.ip: every per-address limit depends on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

const appWith = (TRUST_PROXY: string) =>
  createTestApp(
    { trustProxy: loadConfig({ TRUST_PROXY }).trustProxy },
    { extend: (app) => void app.get('/app-api/test/ip', async (request) => request.ip) },
  );

describe.each([
  // [TRUST_PROXY, X-Forwarded-For as nginx passes it on ($proxy_add_x_forwarded_for), request.ip]
  ['1', '6.6.6.6, 203.0.113.7', '203.0.113.7'],
  ['1', '203.0.113.7', '203.0.113.7'],
  ['2', '6.6.6.6, 203.0.113.7, 198.51.100.2', '203.0.113.7'],
  ['false', '6.6.6.6, 203.0.113.7', '10.0.0.1'],
  ['10.0.0.1', '6.6.6.6, 203.0.113.7', '203.0.113.7'],
])('TRUST_PROXY=%s, X-Forwarded-For: %s', (trust, forwarded, expected) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith(trust);
  });
  afterAll(() => t.close());

  it(`sees ${expected}: a hop the client added itself changes nothing`, async () => {
    const res = await t.app.inject({
      url: '/app-api/test/ip',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwarded },
    });
    expect(res.body).toBe(expected);
  });
});
