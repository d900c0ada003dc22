// The server's layers (docs/architecture.md §2, "Where server code goes"), kept by the lint rule
// kaijiang/layers (tools/eslint/server-layers.js): each wrong arrow is refused, the right ones pass.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The layer rule's messages for `code` as if it were the file `file` (relative to src). */
async function refusals(code: string, file: string): Promise<string[]> {
  const filePath = path.join(ROOT, 'apps/server/src', file);
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'kaijiang/layers').map((m) => m.message);
}

const WRONG: [string, string, string][] = [
  [
    'routes/probe/index.ts',
    "import { x } from '../../repositories/index.ts';",
    'routes are HTTP only',
  ],
  [
    'routes/probe/index.ts',
    "import { pingDatabase } from '../../db/database.ts';",
    'routes are HTTP only',
  ],
  ['routes/probe/index.ts', "export { x } from '../../repositories/draw-repository.ts';", 'routes'],
  ['routes/probe/index.ts', "const m = await import('../../db/database.ts');", 'routes'],
  [
    'services/probe/service.ts',
    "import x from '../../routes/draws/index.ts';",
    'services hold the logic',
  ],
  [
    'services/probe/service.ts',
    "import x from '../../plugins/app/draws.ts';",
    'may not import plugins/',
  ],
  ['services/probe/service.ts', "import { sql } from '../../db/database.ts';", 'import type'],
  [
    'repositories/probe-repository.ts',
    "import { x } from '../services/draws/service.ts';",
    'hold the SQL',
  ],
  ['repositories/probe-repository.ts', "import x from '../plugins/app/db.ts';", 'hold the SQL'],
  [
    'db/migrations/0099-probe.ts',
    "import { x } from '../../services/push/endpoints.ts';",
    'db (schema',
  ],
  ['lib/probe.ts', "import { x } from '../repositories/index.ts';", 'lib is generic'],
  ['lib/probe.ts', "import { x } from '../services/live/protocol.ts';", 'lib is generic'],
  ['schemas/probe.ts', "import { x } from '../services/draws/service.ts';", 'common HTTP schemas'],
  ['cli/probe.ts', "import x from '../routes/health/index.ts';", 'never import routes'],
  ['plugins/app/probe.ts', "import x from '../../routes/health/index.ts';", 'app.ts registers'],
  ['services/probe/service.ts', "import { buildApp } from '../../app.ts';", 'never imports app.ts'],
];

describe('server layers (lint)', () => {
  it.each(WRONG)('refuses in %s: %s', async (file, code, why) => {
    const found = await refusals(code, file);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(why);
  });

  it('refuses a file outside the layers, e.g. a feature folder at the top of src', async () => {
    const found = await refusals('export const x = 1;\n', 'widgets/probe.ts');
    expect(found).toEqual([expect.stringContaining('is in no layer')]);
    expect(await refusals('export const x = 1;\n', 'probe.ts')).toHaveLength(1);
  });

  // The decorated repositories are a way down past the services that no import shows.
  it.each([
    'export const f = (app: any) => app.repos.games.get(1);',
    'export const f = (fastify: any) => fastify.repos;',
    'export class C { repos = 1; f() { return this.repos; } }',
    'export const f = (app: any) => { const { repos } = app; return repos; };',
    'export const f = (app: any) => { const { repos: r } = app; return r; };',
    "export const f = (app: any) => app['repos'];",
    'export const f = (app: any) => app?.repos?.draws;',
  ])('refuses a route reading .repos: %s', async (code) => {
    const found = await refusals(code, 'routes/probe/index.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('never app.repos');
  });

  it('lets a route call a service, and other layers use app.repos', async () => {
    const service = 'export const f = (app: any) => app.draws.game(1);';
    expect(await refusals(service, 'routes/probe/index.ts')).toEqual([]);
    // An object of the route's own with a `repos` key reads nothing.
    const own = 'export const f = (repos: number) => ({ repos });';
    expect(await refusals(own, 'routes/probe/index.ts')).toEqual([]);
    const wiring = 'export const f = (app: any) => app.repos.games;';
    expect(await refusals(wiring, 'plugins/app/probe.ts')).toEqual([]);
    expect(await refusals(wiring, 'cli/probe.ts')).toEqual([]);
  });

  it('lets the arrows of the layout through', async () => {
    const RIGHT: [string, string][] = [
      ['routes/probe/index.ts', "import { x } from '../../services/draws/service.ts';"],
      ['routes/probe/index.ts', "import { ok } from '../../lib/envelope.ts';"],
      ['routes/probe/index.ts', "import { S } from '../../schemas/common.ts';"],
      [
        'routes/probe/index.ts',
        "import type { AuditEntry } from '../../repositories/audit-repository.ts';",
      ],
      ['routes/probe/index.ts', "import { type X, type Y } from '../../db/schema.ts';"],
      ['services/probe/service.ts', "import { x } from '../../repositories/index.ts';"],
      ['services/probe/service.ts', "import type { DB } from '../../db/schema.ts';"],
      ['repositories/probe-repository.ts', "import type { DB } from '../db/schema.ts';"],
      ['db/migrations/0099-probe.ts', "import { x } from '../../lib/push-endpoints.ts';"],
      ['plugins/app/probe.ts', "import { x } from '../../services/push/service.ts';"],
      ['cli/probe.ts', "import { openDatabase } from '../db/database.ts';"],
      ['app.ts', "import x from './routes/health/index.ts';"],
      ['lib/probe.ts', "import { chatRoomOf } from '@kaijiang/domain';"],
    ];
    for (const [file, code] of RIGHT)
      expect(await refusals(code, file), `${file}: ${code}`).toEqual([]);
  });
});
