// Several instances behave as one site (run by instances.config.ts: two servers on one
// PostgreSQL and one Redis). Plain HTTP and WebSocket clients: no browser needed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { DrawSnapshot } from '@kaijiang/domain';
import pg from 'pg';
import { ADMIN_TOKEN, freshNumbers } from '../support/draws.ts';
import { freshUsername } from '../support/members.ts';

const A = process.env.E2E_INSTANCE_A!;
const B = process.env.E2E_INSTANCE_B!;
const ROOT = path.resolve(import.meta.dirname, '../..');
const GAME = 110;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function withDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** The XSRF cookie comes from A; the secret that signs it is shared, so B accepts it too. */
async function xsrf(request: APIRequestContext): Promise<string> {
  await request.get(`${A}/app-api/health`, { headers: { 'sec-fetch-site': 'same-origin' } });
  const value = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!value) throw new Error('no XSRF-TOKEN cookie from A');
  return value;
}

async function post<T>(
  request: APIRequestContext,
  url: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await request.post(url, { form, headers: { 'X-XSRF-TOKEN': await xsrf(request) } });
  return { status: res.status(), body: (await res.json()) as Envelope<T> };
}

test('a member signed in on A is signed in on B; signing out on B ends it on A', async ({
  request,
}) => {
  const username = freshUsername('multi');
  const password = 'granite-orchard-31';
  const reg = await post<{ token: string }>(request, `${A}/app-api/v/user/reg`, {
    username,
    password,
  });
  expect(reg.status).toBe(200);
  const token = reg.body.data.token;
  const info = await request.get(`${B}/app-api/api/user/info?_t=${Date.now()}`, {
    headers: { authorization: token, token },
  });
  expect(info.status()).toBe(200);
  expect(
    ((await info.json()) as Envelope<{ userInfo: { username: string } }>).data.userInfo.username,
  ).toBe(username);
  // Signing in on B (with A's anti-forgery cookie) and out again there revokes on A.
  const login = await post<{ token: string }>(request, `${B}/app-api/v/user/login`, {
    username,
    password,
  });
  expect(login.status).toBe(200);
  const second = login.body.data.token;
  const out = await request.get(`${B}/app-api/v/user/logout`, {
    headers: { authorization: second, token: second },
  });
  expect(out.status()).toBe(200);
  const after = await request.get(`${A}/app-api/api/user/info?_t=${Date.now()}`, {
    headers: { authorization: second, token: second },
  });
  expect(after.status()).toBe(400);
  expect(((await after.json()) as Envelope<null>).code).toBe('UC/TOKEN_INVALID');
});

test('five failed sign-ins split across A and B lock the account on both', async ({ request }) => {
  const username = freshUsername('lock');
  const password = 'saffron-bridge-64';
  expect((await post(request, `${A}/app-api/v/user/reg`, { username, password })).status).toBe(200);
  for (const [i, base] of [A, B, A, B, A].entries()) {
    const res = await post(request, `${base}/app-api/v/user/login`, {
      username,
      password: `wrong-${i}-password`,
    });
    expect(res.body.code, `attempt ${i + 1} on ${base}`).toBe('UC/BAD_CREDENTIALS');
  }
  for (const base of [A, B]) {
    const res = await post(request, `${base}/app-api/v/user/login`, { username, password });
    expect(res.status, base).toBe(429);
    expect(res.body.code).toBe('REQ/RATE_LIMITED');
  }
});

/** A live client: subscribes to one game and keeps every snapshot it receives. */
async function liveClient(base: string, gameId: number) {
  const url = `${base.replace(/^http/, 'ws')}/ws-game/${crypto.randomUUID()}`;
  const socket = new WebSocket(url);
  const snapshots: DrawSnapshot[] = [];
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as { command: number; content: DrawSnapshot };
    if (frame.command === 70 && frame.content.gameId === gameId) snapshots.push(frame.content);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot open ${url}`)), { once: true });
  });
  socket.send(
    JSON.stringify({ id: crypto.randomUUID(), command: 67, content: { gameIds: [gameId] } }),
  );
  await expect.poll(() => snapshots.length).toBeGreaterThan(0); // the answer to subscribe
  return { socket, snapshots };
}

test('a live draw entered on A reaches clients on A and B, every ball once', async ({
  request,
}) => {
  const setSource = (source: string) =>
    request.put(`${A}/app-api/admin/games/${GAME}/source`, { headers: admin, data: { source } });
  expect((await setSource('manual')).ok()).toBe(true);
  const enter = async (number: string) => {
    const res = await request.post(`${A}/app-api/admin/draws/${GAME}/balls`, {
      headers: admin,
      data: { number },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as Envelope<DrawSnapshot>).data;
  };
  const latestOn = async (base: string) =>
    (
      (await (
        await request.get(`${base}/app-api/api/v2/draws/latest`, { params: { gameId: GAME } })
      ).json()) as Envelope<DrawSnapshot>
    ).data;
  const [first, ...rest] = freshNumbers([]);
  // The first ball opens the draw; both instances have forgotten the old answer once B says so.
  const { issue } = await enter(first!);
  await expect.poll(async () => (await latestOn(B)).numbers.length).toBe(1);
  const onA = await liveClient(A, GAME);
  const onB = await liveClient(B, GAME);
  try {
    for (const number of rest) await enter(number);
    const seen = (c: { snapshots: DrawSnapshot[] }) =>
      c.snapshots.filter((s) => s.issue === issue).map((s) => s.numbers.length);
    for (const client of [onA, onB]) {
      await expect.poll(() => seen(client).at(-1)).toBe(7);
      // Give a duplicate time to arrive before counting.
      await new Promise((r) => setTimeout(r, 500));
      // The snapshot on subscribing (1 ball), then every later ball exactly once.
      expect(seen(client)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
    expect(onB.snapshots.at(-1)!.numbers).toEqual(onA.snapshots.at(-1)!.numbers);
    expect(onA.snapshots.at(-1)!.status).toBe('done');
  } finally {
    onA.socket.close();
    onB.socket.close();
    await setSource('simulator');
  }
});

/** Starts one more instance on the shared database and Redis, with the draw engine on. */
async function startEngineInstance(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `kj-engine-${port}-`)),
      LOG_LEVEL: 'warn',
      DRAW_ENGINE: 'on',
    },
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`instance on ${port} exited`);
        return fetch(`http://127.0.0.1:${port}/app-api/health`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// Last: these instances draw the due issues of every simulator game.
test('the draw engine runs on one of several instances: one lease holder, and it moves on when that one stops', async () => {
  const base = new URL(B).port;
  const c = await startEngineInstance(Number(base) + 1);
  const d = await startEngineInstance(Number(base) + 2);
  try {
    await withDatabase(async (client) => {
      const holders = async () =>
        (
          await client.query<{ holder: string }>(
            "select holder from engine_leases where name = 'draw-engine' and expires_at > $1",
            [new Date().toISOString()],
          )
        ).rows.map((r) => r.holder);
      await expect.poll(holders).toHaveLength(1);
      const first = (await holders())[0];
      // Both try to take it every few seconds; the holder keeps it.
      await new Promise((r) => setTimeout(r, 6000));
      expect(await holders()).toEqual([first]);
      // Stop one (maybe the holder: a clean stop hands the lease back): the other one holds it.
      await stop(c);
      await expect.poll(holders, { timeout: 30_000 }).toHaveLength(1);
    });
  } finally {
    await stop(c);
    await stop(d);
  }
});
