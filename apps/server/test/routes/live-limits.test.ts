// Idle timeout and the per-address cap of the live socket, on short test limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { connect, fakeDraws, refusedStatus, useDraws, wsUrl } from '../helpers/live.ts';

describe('live socket limits', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(
      { live: { idleTimeoutMs: 300, maxConnectionsPerIp: 2 } },
      { extend: useDraws(fakeDraws()) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = wsUrl(t.app);
  });
  afterAll(() => t.close());

  it('closes a silent connection and keeps a pinging one', async () => {
    const silent = await connect(url);
    const busy = await connect(url);
    const timer = setInterval(() => busy.send({ id: 'p', command: 66, content: 'Ping' }), 100);
    const started = Date.now();
    expect((await silent.closed).code).toBe(4408);
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(busy.ws.readyState).toBe(busy.ws.OPEN);
    clearInterval(timer);
    await busy.close();
  });

  it('caps connections per address', async () => {
    await expect.poll(() => t.app.socketServer.clients.size).toBe(0);
    const a = await connect(url);
    const b = await connect(url);
    expect(await refusedStatus(url)).toBe(429);
    await a.close();
    await expect.poll(() => t.app.socketServer.clients.size).toBe(1);
    await (await connect(url)).close();
    await b.close();
  });
});
