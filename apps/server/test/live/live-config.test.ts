import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('live socket configuration', () => {
  afterEach(() => vi.restoreAllMocks());

  it('defaults to the DESIGN limits and reads the per-address cap', () => {
    expect(loadConfig({}).live).toMatchObject({ idleTimeoutMs: 45_000, maxConnectionsPerIp: 100 });
    expect(loadConfig({ LIVE_MAX_CONNECTIONS_PER_IP: '0' }).live.maxConnectionsPerIp).toBe(0);
    expect(() => loadConfig({ LIVE_MAX_CONNECTIONS_PER_IP: 'many' })).toThrow(ConfigError);
  });

  it('shares fan-outs with a second thread when there is a second core, unless told not to', () => {
    vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
    expect(loadConfig({}).live.parallelFrom).toBe(1_000);
    expect(loadConfig({ LIVE_WRITE_THREAD: 'off' }).live.parallelFrom).toBe(0);
    vi.spyOn(os, 'availableParallelism').mockReturnValue(1);
    expect(loadConfig({}).live.parallelFrom).toBe(0);
    expect(loadConfig({ LIVE_WRITE_THREAD: 'ON' }).live.parallelFrom).toBe(1_000);
    expect(() => loadConfig({ LIVE_WRITE_THREAD: 'yes' })).toThrow(/LIVE_WRITE_THREAD/);
  });
});
