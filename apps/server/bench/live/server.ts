// Server side of `bench live`, one process per server under test, driven over IPC.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DrawSnapshot } from '@kaijiang/domain';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { MAX_PAYLOAD_BYTES } from '../../src/plugins/external/websocket.ts';
import { now, stamp } from './clock.ts';

export type ServerKind = 'kaijiang' | 'bare-ws';

export type ServerCommand =
  | { seq: number; type: 'start'; kind: ServerKind; dataDir: string; game: number }
  | { seq: number; type: 'memory' }
  | { seq: number; type: 'draw'; snapshots: DrawSnapshot[]; interval: number }
  | { seq: number; type: 'stop' };

interface Running {
  url: string;
  base: DrawSnapshot;
  publish(snapshot: DrawSnapshot): Promise<void>;
  close(): Promise<void>;
}

async function startOurs(dataDir: string, game: number): Promise<Running> {
  await fs.mkdir(path.join(dataDir, 'web'), { recursive: true });
  // The live defaults as npm start has them; no HTTP connection cap.
  const defaults = loadConfig({
    LOG_LEVEL: 'silent',
    DRAW_ENGINE: 'off',
    DEMO_HISTORY_DAYS: '1',
    MAX_CONNECTIONS_PER_IP: '0',
  });
  const config = {
    ...defaults,
    dataDir,
    database: { kind: 'sqlite' as const, file: path.join(dataDir, 'bench.sqlite') },
    webDist: path.join(dataDir, 'web'),
    // Every bench client shares one address and none of them pings.
    live: { ...defaults.live, idleTimeoutMs: 3_600_000, maxConnectionsPerIp: 0 },
  };
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = await app.draws.snapshot(game);
  if (!base) throw new Error(`game ${game} has no snapshot; is the demo seed off?`);
  return {
    url: `ws://127.0.0.1:${port}/ws-game`,
    base,
    // Until the write to the last subscriber: the hub's publish returns once the fan-out has
    // started (it goes out in turns of the event loop), bare ws's loop writes all at once.
    async publish(s) {
      const before = app.liveStats.lastFanout();
      await app.liveHub.publish(s);
      const deadline = Date.now() + 10_000;
      while (app.liveStats.lastFanout() === before && Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    close: () => app.close(),
  };
}

/** The reference: the plainest broadcast ws allows, the same frames, no protocol around it. */
async function startBare(game: number): Promise<Running> {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    perMessageDeflate: false,
    maxPayload: MAX_PAYLOAD_BYTES,
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const base: DrawSnapshot = {
    gameId: game,
    issue: '20260000',
    status: 'done',
    numbers: ['07', '18', '23', '31', '42', '49', '05'],
    drawAt: new Date(Date.now() - 60_000).toISOString(),
    nextIssue: '20260001',
    nextDrawAt: new Date(Date.now() + 240_000).toISOString(),
    serverTime: new Date().toISOString(),
  };
  const clients = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    clients.add(ws);
    // Any frame counts as the subscribe: answer with the current state, like ours.
    ws.on('message', (data) => {
      const id = /"id":"([^"]*)"/.exec(String(data))?.[1] ?? '';
      ws.send(JSON.stringify({ id, command: 70, content: { ...base, serverTime: stamp(now()) } }));
    });
    ws.on('close', () => clients.delete(ws));
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/ws-game`,
    base,
    async publish(s) {
      const frame = JSON.stringify({ id: randomUUID(), command: 70, content: s });
      for (const ws of clients) ws.send(frame);
    },
    close: async () => {
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function runServer(): void {
  let running: Running | null = null;
  const reply = (m: Record<string, unknown>) => process.send!(m);
  process.on('message', async (m: ServerCommand) => {
    try {
      if (m.type === 'start') {
        running =
          m.kind === 'kaijiang' ? await startOurs(m.dataDir, m.game) : await startBare(m.game);
        reply({ seq: m.seq, url: running.url, base: running.base });
      } else if (m.type === 'memory') {
        await sleep(100);
        gc();
        const { rss, heapUsed } = process.memoryUsage();
        reply({ seq: m.seq, rss, heapUsed, gc: typeof globalThis.gc === 'function' });
      } else if (m.type === 'draw') {
        const publishMs: number[] = [];
        for (const s of m.snapshots) {
          const t = now();
          await running!.publish({ ...s, serverTime: stamp(t) });
          publishMs.push(now() - t);
          await sleep(m.interval);
        }
        reply({ seq: m.seq, publishMs });
      } else if (m.type === 'stop') {
        await running?.close();
        reply({ seq: m.seq });
        process.exit(0);
      }
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  });
  process.on('disconnect', () => process.exit(0));
}
