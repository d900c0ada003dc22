import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The export is the tightest read quota (10 a minute per address).
const EXPORT = '/app-api/api/v2/draws/export.csv?gameId=110&year=2026';

describe('READ_LIMIT_EXEMPT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ readLimitExempt: ['10.9.0.0/16', '2001:db8:7::/48'] });
  });
  afterAll(() => t.close());

  const statuses = async (remoteAddress: string, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) {
      out.push((await t.app.inject({ url: EXPORT, remoteAddress })).statusCode);
    }
    return out;
  };

  it('lifts the read quotas for the listed networks only', async () => {
    for (const exempt of ['10.9.3.4', '::ffff:10.9.200.1', '2001:db8:7:1::5']) {
      expect(await statuses(exempt, 12), exempt).not.toContain(429);
    }
    for (const counted of ['10.8.3.4', '2001:db8:8::5']) {
      expect((await statuses(counted, 12)).slice(10), counted).toEqual([429, 429]);
    }
  });

  it('takes addresses and CIDRs, and names the variable for anything else', () => {
    expect(loadConfig({ READ_LIMIT_EXEMPT: '127.0.0.1, 10.0.0.0/8,::1' }).readLimitExempt).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({}).readLimitExempt).toEqual([]);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', '1.2.3']) {
      expect(() => loadConfig({ READ_LIMIT_EXEMPT: bad }), bad).toThrow(/READ_LIMIT_EXEMPT/);
    }
  });
});
