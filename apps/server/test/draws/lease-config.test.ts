import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('DRAW_LEASE_TTL_MS', () => {
  it('defaults to 15 s and reads a lifetime in milliseconds', () => {
    expect(loadConfig({}).drawLeaseTtlMs).toBe(15_000);
    expect(loadConfig({ DRAW_LEASE_TTL_MS: '3000' }).drawLeaseTtlMs).toBe(3_000);
  });

  it('refuses a lifetime too short to renew in time, naming the variable', () => {
    expect(() => loadConfig({ DRAW_LEASE_TTL_MS: '200' })).toThrow(/DRAW_LEASE_TTL_MS/);
    expect(() => loadConfig({ DRAW_LEASE_TTL_MS: '5s' })).toThrow(/DRAW_LEASE_TTL_MS/);
  });
});
