// The lint rule that keeps dependencies' private internals out (tools/eslint/private-access.js):
// each way the removed fast paths reached them is refused in app code, and allowed in tests.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT });

async function refusals(code: string, file: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

const REACHES = [
  'export const fd = (s: object) => (s as { _handle?: { fd?: number } })._handle?.fd;',
  "export const raw = (ws: Record<string, unknown>) => ws['_socket'];",
  "export const injected = (raw: object) => '_lightMyRequest' in raw;",
  'export const root = ({ _kjRoot }: { _kjRoot?: unknown }) => _kjRoot;',
  'export function capture(app: { addHook: unknown }) {\n  app.addHook = () => app;\n}',
  'export function quiet(Q: { prototype: { addBody: unknown } }) {\n  Q.prototype.addBody = () => {};\n}',
  // Any library object's method, not only Fastify's named ones, with or without a cast.
  'export function tap(server: { emit: unknown }) {\n  server.emit = function () {\n    return true;\n  };\n}',
  'export function mute(socket: { write: unknown }) {\n  socket.write = (() => true) as unknown;\n}',
];

describe('no dependency internals (lint)', () => {
  it.each(REACHES)('refuses %s in the server and the web app', async (code) => {
    expect(await refusals(code, 'apps/server/src/probe.ts')).toBeGreaterThan(0);
    expect(await refusals(code, 'apps/web/src/shared/probe.ts')).toBeGreaterThan(0);
    expect(await refusals(code, 'packages/domain/src/probe.ts')).toBeGreaterThan(0);
  });

  it('leaves our own slots and event handlers alone', async () => {
    for (const code of [
      'export function own(app: { stats: { size?: () => number } }) {\n  app.stats.size = () => 1;\n}',
      'export function listen(ws: { onmessage: unknown }) {\n  ws.onmessage = () => {};\n}',
      'export class A {\n  f: () => void;\n  constructor() {\n    this.f = () => {};\n  }\n}',
    ]) {
      expect(await refusals(code, 'apps/server/src/probe.ts')).toBe(0);
    }
  });

  it('leaves tests and plain members alone', async () => {
    expect(await refusals(REACHES[0]!, 'apps/server/test/probe.test.ts')).toBe(0);
    expect(
      await refusals(
        'export const n = (s: { size: number }) => s.size;',
        'apps/server/src/probe.ts',
      ),
    ).toBe(0);
  });
});
