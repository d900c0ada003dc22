// Live-socket test kit: a ws client that queues frames, and an in-memory draw service.
import type { Draw, DrawSnapshot, Frame } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { LiveDraws } from '../../src/services/live/live-requests.ts';

export interface TestSocket {
  ws: WebSocket;
  /** Every text frame received, raw, in order. */
  raw: string[];
  send(frame: unknown): void;
  /** The next frame not yet taken that matches, waiting up to `timeoutMs`. */
  next(match?: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Frames taken or not, parsed. */
  frames(): Frame[];
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function wsUrl(app: FastifyInstance, guid = 'test-guid'): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return `ws://127.0.0.1:${address.port}/ws-game/${guid}`;
}

export async function connect(
  url: string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers });
  const raw: string[] = [];
  const consumed = new Set<number>();
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    raw.push(String(data));
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const w of [...waiters]) w();
    });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`Unexpected server response: ${res.statusCode}`)),
    );
  });
  const parsed = (): Frame[] => raw.map((r) => JSON.parse(r) as Frame);
  return {
    ws,
    raw,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    frames: parsed,
    next(match = () => true, timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          for (let i = 0; i < raw.length; i++) {
            if (consumed.has(i)) continue;
            const f = JSON.parse(raw[i]!) as Frame;
            if (match(f)) {
              consumed.add(i);
              finish();
              resolve(f);
              return;
            }
          }
          if (ws.readyState === WebSocket.CLOSED) {
            finish();
            reject(new Error('socket closed while waiting for a frame'));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${raw.join('\n')}`));
        }, timeoutMs);
        const finish = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    closed,
    async close() {
      if (ws.readyState !== WebSocket.CLOSED) {
        ws.close();
        await closed;
      }
    },
  };
}

/** Resolves with the HTTP status of a refused handshake. */
export function refusedStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('handshake was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

export function snapshot(gameId: number, issue: string, numbers: string[]): DrawSnapshot {
  return {
    gameId,
    issue,
    status: numbers.length === 7 ? 'done' : numbers.length ? 'drawing' : 'waiting',
    numbers,
    drawAt: '2026-03-01T13:30:00.000Z',
    nextIssue: String(Number(issue) + 1),
    nextDrawAt: '2026-03-01T13:35:00.000Z',
    serverTime: new Date().toISOString(),
  };
}

export const BALLS = ['07', '18', '23', '31', '42', '49', '05'];

/** In-memory draws of made-up games (ids far from the built-in ones the engine runs). */
export function fakeDraws(): LiveDraws & { games: Map<number, Draw[]> } {
  const games = new Map<number, Draw[]>();
  return {
    games,
    async snapshot(gameId) {
      const draws = games.get(gameId);
      const latest = draws?.[0];
      if (!latest) return null;
      return {
        ...latest,
        nextIssue: String(Number(latest.issue) + 1),
        nextDrawAt: '2026-03-01T13:35:00.000Z',
        serverTime: new Date().toISOString(),
      };
    },
    async recent(gameId, limit) {
      return (games.get(gameId) ?? []).slice(0, limit);
    },
    async gameExists(gameId) {
      return games.has(gameId);
    },
  };
}

/** Puts `fake` in place of the three calls the live socket makes of the real draw service. */
export function useDraws(fake: LiveDraws) {
  return (app: FastifyInstance): void => {
    Object.assign(app.draws, {
      snapshot: (id: number) => fake.snapshot(id),
      recent: (id: number, limit: number) => fake.recent(id, limit),
      gameExists: (id: number) => fake.gameExists(id),
    } satisfies LiveDraws);
  };
}
