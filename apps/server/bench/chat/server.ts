// Server side of `bench chat`, one process per server under test, driven over IPC: our server as
// `npm start` builds it (its default limits and its logger at info, to a file), or a bare `ws`
// server that broadcasts every message it gets to every socket.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { newToken, tokenHash } from '../../src/services/members/tokens.ts';
import { MAX_PAYLOAD_BYTES } from '../../src/plugins/external/websocket.ts';

export type ChatServerKind = 'kaijiang' | 'bare-ws';

export type ChatServerCommand =
  | { seq: number; type: 'start'; kind: ChatServerKind; dataDir: string; members: number }
  | { seq: number; type: 'memory' }
  | { seq: number; type: 'stop' };

interface Running {
  url: string;
  /** A chat token per posting member ('' for the bare server, which has no sign-in). */
  tokens: string[];
  close(): Promise<void>;
}

async function startOurs(dataDir: string, members: number): Promise<Running> {
  await fs.mkdir(path.join(dataDir, 'web'), { recursive: true });
  const config = {
    ...loadConfig({ DRAW_ENGINE: 'off', DEMO_HISTORY_DAYS: '1' }),
    dataDir,
    database: { kind: 'sqlite' as const, file: path.join(dataDir, 'bench.sqlite') },
    webDist: path.join(dataDir, 'web'),
  };
  // The default logger, at its default level, written to a file instead of the terminal.
  const app = await buildApp(config, {
    logger: { level: config.logLevel, file: path.join(dataDir, 'server.log') },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  // Members made straight in the database (a sign-in each would only measure scrypt), each with
  // a member session and a chat token got the way the site gets one (a ticket traded once).
  const tokens: string[] = [];
  const t = new Date();
  for (let i = 0; i < members; i++) {
    const m = await app.repos.members.create(
      { username: `bench${i}`, nickname: `读者${i}`, phone: '', passwordHash: 'x' },
      t.toISOString(),
    );
    const session = newToken();
    await app.repos.sessions.create({
      tokenHash: tokenHash(session),
      memberId: m!.id,
      now: t.toISOString(),
      expiresAt: new Date(t.getTime() + 3_600_000).toISOString(),
      absoluteExpiresAt: new Date(t.getTime() + 3_600_000).toISOString(),
    });
    const ticket = await app.chat.issueTicket({ memberId: m!.id, tokenHash: tokenHash(session) });
    tokens.push((await app.chat.openSession(ticket)).chatToken);
  }
  return { url: `ws://127.0.0.1:${port}/chat-api/ws`, tokens, close: () => app.close() };
}

/** The reference: every `say` goes to every socket as a `message` frame, nothing else. */
async function startBare(members: number): Promise<Running> {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    perMessageDeflate: false,
    maxPayload: MAX_PAYLOAD_BYTES,
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const clients = new Set<WebSocket>();
  let id = 0;
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as { type: string; room?: string; text?: string };
      if (f.type === 'join')
        ws.send(JSON.stringify({ type: 'joined', room: f.room, online: clients.size }));
      if (f.type !== 'say') return;
      const frame = JSON.stringify({
        type: 'message',
        message: {
          id: ++id,
          room: f.room,
          user: { id: 1, nickname: 'bench', avatar: '', role: 'member' },
          text: f.text,
          at: new Date().toISOString(),
          key: randomUUID(),
        },
      });
      for (const c of clients) c.send(frame);
    });
    ws.on('close', () => clients.delete(ws));
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/chat-api/ws`,
    tokens: Array.from({ length: members }, () => ''),
    close: async () => {
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `--profile <dir>`: a CPU profile of the server under test, written when it stops. */
async function profiler(kind: string) {
  const dir = process.env.KJ_BENCH_PROFILE;
  if (!dir) return async () => undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `${kind}.cpuprofile`), JSON.stringify(profile));
  };
}

export function runChatServer(): void {
  let running: Running | null = null;
  let stopProfile: () => Promise<void> = async () => undefined;
  const reply = (m: Record<string, unknown>) => process.send!(m);
  process.on('message', async (m: ChatServerCommand) => {
    try {
      if (m.type === 'start') {
        running =
          m.kind === 'kaijiang'
            ? await startOurs(m.dataDir, m.members)
            : await startBare(m.members);
        stopProfile = await profiler(m.kind);
        reply({ seq: m.seq, url: running.url, tokens: running.tokens });
      } else if (m.type === 'memory') {
        await sleep(100);
        const collect = (globalThis as { gc?: () => void }).gc;
        collect?.();
        collect?.();
        const { rss, heapUsed } = process.memoryUsage();
        reply({ seq: m.seq, rss, heapUsed });
      } else if (m.type === 'stop') {
        await stopProfile();
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
