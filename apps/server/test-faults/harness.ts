// Fault-test kit: the real server as `npm start` runs it (a child process, JSON logs on), a
// database made ready for it, and a live WebSocket client that records what visitors saw.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { COMMAND, PING_CONTENT, type DrawSnapshot, type Frame } from '@kaijiang/domain';
import pg from 'pg';
import WebSocket from 'ws';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import type { DatabaseConfig } from '../src/config.ts';
import { createChangeFeed } from '../src/lib/change-feed.ts';
import { createRepositories } from '../src/repositories/index.ts';
import { seedDemo } from '../src/services/seed/demo-seed.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** The game the tests watch; made to draw every minute so a live draw is never far off. */
export const GAME = 120;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Site {
  dataDir: string;
  database: DatabaseConfig;
  /** Extra environment of the server (REDIS_URL, …). */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * A fresh installation: a temp DATA_DIR and a SQLite file, or a schema of its own on the
 * PostgreSQL of DATABASE_URL. Migrated and seeded as a first start would, then game 120 set to
 * draw every minute (the schedule is data: an operator could do the same).
 */
export async function createSite(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-faults-'));
  let database: DatabaseConfig = { kind: 'sqlite', file: path.join(dataDir, 'kaijiang.sqlite') };
  let dropSchema = async () => undefined as unknown;
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: run through scripts/with-postgres.sh');
    const schema = `f_${randomBytes(6).toString('hex')}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(q).finally(() => c.end());
    };
    await admin(`create schema ${schema}`);
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    database = { kind: 'postgres', url: u.toString() };
    dropSchema = () => admin(`drop schema if exists ${schema} cascade`).catch(() => undefined);
  }
  const db = openDatabase(database);
  try {
    await migrateToLatest(db.db, db.dialect);
    const repos = createRepositories(db.db, createChangeFeed());
    await seedDemo(repos, { companyCode: 'kj', uploadsDir: path.join(dataDir, 'uploads') });
    await db.db.updateTable('games').set({ interval_minutes: 1 }).where('id', '=', GAME).execute();
  } finally {
    await db.close();
  }
  await fs.mkdir(path.join(dataDir, 'web'));
  const site: Site = {
    dataDir,
    database,
    env,
    async cleanup() {
      await dropSchema();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return site;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Every log line so far (JSON objects; other output as { raw }). */
  logs: Record<string, unknown>[];
  exited: Promise<number | string | null>;
  alive(): boolean;
  /** kill -9: no shutdown hooks, no flush. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** `node src/server.ts` in apps/server, as `npm start` runs it, on a free loopback port. */
export async function startServer(site: Site, ballIntervalMs: number): Promise<ServerProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: site.dataDir,
    WEB_DIST: path.join(site.dataDir, 'web'),
    WEB_SSR: 'off',
    LOG_LEVEL: 'info',
    DRAW_BALL_INTERVAL_MS: String(ballIntervalMs),
    // A killed server's lease must run out before its restart may draw: keep that wait short.
    DRAW_LEASE_TTL_MS: '3000',
    DEMO_HISTORY_DAYS: '0',
    // These tests kill and cut the draw engine's world; the first start's import of the real Hong
    // Kong history (docs/architecture.md §12) is not part of it and would only slow each restart.
    REAL_HISTORY: 'off',
    ...(site.database.kind === 'postgres' && { DATABASE_URL: site.database.url }),
    ...site.env,
  };
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += String(chunk);
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let exitedYet = false;
  void exited.then(() => (exitedYet = true));

  const until = Date.now() + 60_000;
  let port = 0;
  while (!port) {
    const line = logs.find(
      (l) => typeof l.msg === 'string' && l.msg.startsWith('kaijiang serving'),
    );
    if (line) port = Number(line.port);
    else if (exitedYet) throw new Error(`server exited at start:\n${dump(logs)}`);
    else if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${dump(logs)}`);
    } else await sleep(50);
  }
  return {
    child,
    port,
    logs,
    exited,
    alive: () => !exitedYet && child.exitCode === null,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (exitedYet) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

export function dump(logs: Record<string, unknown>[], last = 40): string {
  return logs
    .slice(-last)
    .map((l) => JSON.stringify(l))
    .join('\n');
}

/** Lines that mean a rejection or exception nobody handled (the process's last words). */
export const crashLines = (logs: Record<string, unknown>[]) =>
  logs.filter((l) => /unhandled|uncaught/i.test(String(l.msg ?? l.raw ?? '')));

export async function health(port: number): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/app-api/health`, {
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** A visitor's live socket on game 120: every snapshot it was sent, in order. */
export class Watcher {
  readonly seen: DrawSnapshot[] = [];
  readonly ws: WebSocket;
  #waiters = new Set<() => void>();
  #pongs = 0;
  #pinger: NodeJS.Timeout;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.command === COMMAND.SNAPSHOT) {
        const s = frame.content as DrawSnapshot;
        if (s.gameId === GAME) this.seen.push(s);
      } else if (frame.command === COMMAND.PING) {
        this.#pongs++;
      }
      for (const w of [...this.#waiters]) w();
    });
    ws.on('error', () => undefined);
    // The server closes a socket idle for 45 s; a visitor's page pings.
    this.#pinger = setInterval(() => this.ping(), 10_000);
  }

  static async open(port: number): Promise<Watcher> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws-game/fault-test`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const w = new Watcher(ws);
    ws.send(
      JSON.stringify({ id: 'sub', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME] } }),
    );
    await w.until(() => w.seen.length > 0, 10_000, 'the subscription snapshot');
    return w;
  }

  ping(): void {
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ id: 'p', command: COMMAND.PING, content: PING_CONTENT }));
    }
  }

  /** Sends a ping and resolves true if it is echoed within `ms`. */
  async pingEchoed(ms = 2_000): Promise<boolean> {
    const before = this.#pongs;
    this.ping();
    return this.until(() => this.#pongs > before, ms, 'pong').then(
      () => true,
      () => false,
    );
  }

  /** The first snapshot (already seen or to come) that matches. */
  find(match: (s: DrawSnapshot) => boolean, ms: number, what: string): Promise<DrawSnapshot> {
    let from = 0;
    let found: DrawSnapshot | undefined;
    return this.until(
      () => {
        for (; from < this.seen.length; from++) {
          if (match(this.seen[from]!)) return (found = this.seen[from]!);
        }
        return undefined;
      },
      ms,
      what,
    ).then(() => found!);
  }

  until<T>(check: () => T | undefined | false, ms: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(test);
      };
      const test = () => {
        const v = check();
        if (v !== undefined && v !== false) {
          done();
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        done();
        const last = this.seen.at(-1);
        reject(
          new Error(`timed out after ${ms} ms waiting for ${what}; last ${JSON.stringify(last)}`),
        );
      }, ms);
      this.#waiters.add(test);
      test();
    });
  }

  close(): void {
    clearInterval(this.#pinger);
    this.ws.terminate();
  }
}

/** Runs one of the stop/start scripts with-postgres.sh and with-redis.sh export. */
export async function runScript(variable: string): Promise<void> {
  const file = process.env[variable];
  if (!file)
    throw new Error(`${variable} is not set: run through scripts/with-postgres.sh / with-redis.sh`);
  await promisify(execFile)(file, [], { timeout: 60_000 });
}
