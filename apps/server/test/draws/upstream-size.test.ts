// The upstream source reads at most UPSTREAM_MAX_BYTES of an answer, from a real HTTP server
// that sends far more (or never stops).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPSTREAM_MAX_BYTES,
  UpstreamError,
  createUpstreamClient,
} from '../../src/services/draws/sources/upstream-client.ts';

describe('upstream answer size', () => {
  let server: http.Server;
  let base: string;
  /** Bytes the server managed to write per request path, and whether the client hung up. */
  const sent = new Map<string, { bytes: number; closed: boolean }>();

  beforeAll(async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    server = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const record = { bytes: 0, closed: false };
      sent.set(path, record);
      res.on('close', () => (record.closed = true));
      if (path.endsWith('/latest')) {
        // Endless, no length: a JSON string that never ends.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"code":"OK","data":"');
        const pump = () => {
          while (!res.destroyed && res.write(chunk)) record.bytes += chunk.length;
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      } else {
        // Declares 50 MiB up front.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 50 << 20 });
        res.write(chunk);
        record.bytes += chunk.length;
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on an endless answer past the cap and hangs up', async () => {
    const client = createUpstreamClient(base, 120, 30_000);
    const err = await client.latest().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toMatch(/over \d+ bytes/);
    const record = sent.get('/app-api/api/v2/draws/latest')!;
    await expect.poll(() => record.closed).toBe(true);
    // What the server got out before the hang-up: the cap plus what socket buffers held.
    expect(record.bytes).toBeLessThan(UPSTREAM_MAX_BYTES * 16);
  });

  it('refuses a declared length over the cap without reading it', async () => {
    const client = createUpstreamClient(base, 120, 30_000);
    const err = await client.history(1, 20).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toMatch(/over \d+ bytes/);
    await expect.poll(() => sent.get('/app-api/api/v2/draws/history')?.closed).toBe(true);
  });
});
