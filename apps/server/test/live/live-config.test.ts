import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('live socket configuration', () => {
  it('defaults to the limits of docs/architecture.md §7 and reads the per-address cap', () => {
    expect(loadConfig({}).live).toMatchObject({ idleTimeoutMs: 45_000, maxConnectionsPerIp: 100 });
    expect(loadConfig({ LIVE_MAX_CONNECTIONS_PER_IP: '0' }).live.maxConnectionsPerIp).toBe(0);
    expect(() => loadConfig({ LIVE_MAX_CONNECTIONS_PER_IP: 'many' })).toThrow(ConfigError);
  });
});
