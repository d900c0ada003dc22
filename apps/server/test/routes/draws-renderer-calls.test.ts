// The per-address read quotas count visitors, not the server renderer's own calls
// (lib/renderer-calls.ts), and tell the two apart by a public means: the address it injects from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_ADDRESS } from '../../src/lib/renderer-calls.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const URL = '/app-api/api/v2/draws/search.csv?gameId=110';
/** search.csv's quota a minute per address (routes/draws/index.ts). */
const QUOTA = 10;

describe('read quotas and the renderer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const statuses = async (remoteAddress: string | undefined, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      out.push(
        (await t.app.inject({ url: URL, ...(remoteAddress && { remoteAddress }) })).statusCode,
      );
    }
    return out;
  };

  it("never refuses the renderer's own calls", async () => {
    expect(await statuses(RENDERER_ADDRESS, QUOTA + 3)).not.toContain(429);
  });

  it('counts any other injected call as a visitor, the loopback included', async () => {
    for (const address of ['198.51.100.9', undefined]) {
      const got = await statuses(address, QUOTA + 1);
      expect(got.slice(0, QUOTA), String(address)).not.toContain(429);
      expect(got[QUOTA], String(address)).toBe(429);
    }
  });
});
