// The OpenAPI document is what webmasters' client generators read: it passes `redocly lint` with
// the recommended rules (issue 13), and what it says of each operation's callers is what the
// server does.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xsrfPair, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const REDOCLY = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/redocly');

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const ADMIN_TOKEN = 'Qm7v2XkP9tLw4sZr8bNc3hJy6dFg1aEu5oTi0pVxRq';

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN_TOKEN });
    doc = (await t.app.inject('/app-api/docs/json')).json();
    dir = await mkdtemp(path.join(tmpdir(), 'kj-openapi-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes redocly lint with the recommended rules, without a warning', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const { stdout } = await run(
      REDOCLY,
      ['lint', '--extends', 'recommended', '--format', 'json', file],
      { cwd: dir, timeout: 60_000 },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const problems = (JSON.parse(stdout) as { problems: { ruleId: string; message: string }[] })
      .problems;
    expect(problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  }, 90_000);

  it('names every operation, once', () => {
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says who may call each operation, as the server decides it', async () => {
    const { cookie, token } = await xsrfPair(t.app);
    const fill = (p: string) =>
      p
        .replace('{gameId}', '110')
        .replace('{code}', 'kj')
        .replace(/\{[^}]+\}/g, '1');
    const seen = { public: 0, member: 0, admin: 0 };
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const kind = !op.security?.length
          ? 'public'
          : 'adminToken' in op.security[0]!
            ? 'admin'
            : 'member';
        seen[kind] += 1;
        // No credentials at all, but a valid anti-forgery pair: what is left is the guard.
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: fill(p),
          headers: { cookie, 'x-xsrf-token': token },
        });
        const where = `${method.toUpperCase()} ${p} (${kind}) answered ${res.statusCode}`;
        if (kind === 'public') expect(res.statusCode, where).not.toBe(401);
        else expect([400, 401], where).toContain(res.statusCode);
        if (kind !== 'public' && method === 'get') expect(res.statusCode, where).toBe(401);
      }
    }
    expect(seen.public).toBeGreaterThan(20);
    expect(seen.member).toBeGreaterThan(10);
    expect(seen.admin).toBeGreaterThan(20);
  });
});
