import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { TestEnv } from './test-app.ts';

const run = promisify(execFile);

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs a CLI script with Node and `env` added, `input` on its stdin; a failing exit is an answer,
 * not a throw.
 */
export function runCli(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: string,
): Promise<CliResult> {
  const running = run(process.execPath, [script, ...args], { env: { ...process.env, ...env } });
  if (input !== undefined) running.child.stdin?.end(input);
  return running.then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout,
      err: e.stderr,
    }),
  );
}

/** Listens on a free loopback port and answers the app's base URL (for CLIs that call it). */
export async function listenForCli(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The environment that points a CLI at a test app's database. */
export function databaseEnv(env: TestEnv): Record<string, string> {
  const url = env.database.kind === 'postgres' ? env.database.url : `sqlite:${env.database.file}`;
  return { DATABASE_URL: url, LOG_LEVEL: 'silent' };
}
