// A newcomer's first run: the server (as npm start starts it) says in a few lines where it serves,
// which database it uses and the one command that makes the first operator; that command, run as
// printed in another shell from the project's folder, makes an owner who can sign in to /admin.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../src/services/operators/totp.ts';
import { createTestEnv, type TestEnv } from './helpers/test-app.ts';
import { GOOD_PASSWORD } from './members/member-helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'apps/server/src/server.ts');
const C = '/app-api/admin/console';

/** The environment without the variables that would point a command at a database. */
function bareEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && k !== 'DATA_DIR' && k !== 'DATABASE_URL') env[k] = v;
  }
  return env;
}

function run(command: string, env: Record<string, string>, input: string) {
  const child = spawn('sh', ['-c', command], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  child.stdin.end(input);
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
}

describe('first run', () => {
  let env: TestEnv;
  let server: ReturnType<typeof spawn>;
  let out = '';
  let port = 0;

  beforeAll(async () => {
    env = await createTestEnv();
    const db = env.database;
    server = spawn(process.execPath, [SERVER], {
      cwd: ROOT,
      env: {
        ...bareEnv(),
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: env.dataDir,
        WEB_DIST: env.webDist,
        LOG_FORMAT: 'pretty',
        DRAW_ENGINE: 'off',
        DEMO_HISTORY_DAYS: '0',
        ...(db.kind === 'postgres' && { DATABASE_URL: db.url }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no operator hint:\n${out}`)), 60_000);
      server.stdout!.on('data', () => {
        const m = /serving http:\/\/localhost:(\d+)[\s\S]*operator console[^\n]*\n {2}\S/.exec(out);
        if (m) {
          port = Number(m[1]);
          clearTimeout(timer);
          resolve();
        }
      });
      server.on('exit', () => reject(new Error(`server exited:\n${out}`)));
    });
  }, 90_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    await env?.cleanup();
  });

  it('prints a few lines for a person: where, which database, no JSON', () => {
    expect(out).toMatch(/^\d\d:\d\d:\d\d {2}kaijiang serving http:\/\/localhost:\d+ \(database: /m);
    expect(out).not.toMatch(/"level":|"time":\d/);
    // The port is in the message already: not repeated as a field.
    expect(out).not.toMatch(/port=/);
  });

  it('gives one command that makes an owner who can sign in to /admin', async () => {
    const hint = /\n {2}(\S[^\n]*)\n/.exec(out.slice(out.indexOf('operator console')))?.[1];
    expect(hint).toMatch(/^(\S+=\S+ )*npm run operator -- add --username \S+ --role owner$/);
    // Another shell: none of the server's settings but what the line itself says (and, for
    // PostgreSQL, the DATABASE_URL it asks to keep).
    const shellEnv = bareEnv();
    const db = env.database;
    if (db.kind === 'postgres') shellEnv.DATABASE_URL = db.url;
    const made = await run(hint!, shellEnv, `${GOOD_PASSWORD}\n`);
    expect(made.code, made.out).toBe(0);

    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/app-api/health`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;
    let session = '';
    const call = async (url: string, body: object = {}) => {
      const res = await fetch(`${base}${C}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': xsrf,
          cookie: [`XSRF-TOKEN=${xsrf}`, session && `kj_console=${session}`]
            .filter(Boolean)
            .join('; '),
        },
        body: JSON.stringify(body),
      });
      const set = /kj_console=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
      if (set) session = set[1]!;
      return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
    };
    // The owner enrols through the one-time link the command printed, with the password.
    const token = /\/admin\/enrol#(\S+)/.exec(made.out)?.[1];
    expect(token, made.out).toBeTruthy();
    const signIn = await call('/enrol', { token, password: GOOD_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data?.stage).toBe('enrol');
    const enrol = await call('/totp');
    const secret = String(enrol.body.data?.secret);
    const confirmed = await call('/totp/confirm', { code: currentCode(secret, new Date()) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data?.recoveryCodes).toHaveLength(10);
  }, 60_000);
});

describe('the commands’ usage texts', () => {
  /** Runs a command with no input (it may exit before reading any). */
  const shell = (command: string) => {
    const child = spawn('sh', ['-c', command], {
      cwd: ROOT,
      env: bareEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    return new Promise<{ code: number | null; out: string }>((resolve) =>
      child.on('exit', (code) => resolve({ code, out })),
    );
  };

  // Every usage line is a command to copy: the npm form, which runs on the Node the project
  // pins (a bare `node apps/server/src/cli/….ts` does not strip types on Node 20).
  it.each(['admin', 'content', 'import', 'operator'])(
    'npm run %s prints lines that start with its own npm form',
    async (name) => {
      const shown = await shell(`npm run -s ${name}`);
      expect(shown.code, shown.out).toBe(2);
      expect(shown.out).toMatch(/用法 \/ usage/);
      expect(shown.out).toContain(`npm run ${name} -- `);
      expect(shown.out).not.toMatch(/node\s+\S*apps\/server/);
      // The printed form runs as it is: an unknown option is answered by the command itself
      // (its own message, exit code 2), not by npm or Node.
      const again = await shell(`npm run ${name} -- --no-such-option`);
      expect(again.code, again.out).toBe(2);
      expect(again.out).toMatch(/用法 \/ usage|--no-such-option/);
      expect(again.out).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|SyntaxError|npm error/);
    },
    60_000,
  );
});
