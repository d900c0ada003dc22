// The shipped deployment files must never carry a usable admin token: a published default is a
// takeover of every site that forgot to change it (issue 11 §3).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTokenProblem } from '../src/config.ts';

const DEPLOY = path.resolve(import.meta.dirname, '../../../deploy');
const files = fs
  .readdirSync(DEPLOY)
  .map((f) => path.join(DEPLOY, f))
  .filter((f) => fs.statSync(f).isFile());

describe('deploy/', () => {
  it('compose requires ADMIN_TOKEN instead of defaulting it', () => {
    const compose = fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8');
    const line = compose.split('\n').find((l) => /^\s*ADMIN_TOKEN:/.test(l));
    expect(line).toMatch(/ADMIN_TOKEN:\s*\$\{ADMIN_TOKEN:\?[^}]+\}\s*$/);
  });

  it('no file gives ADMIN_TOKEN a value the server would accept', () => {
    const values: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      // KEY=value (env files, units), KEY: value (compose), ${KEY:-default} / ${KEY-default}.
      for (const m of text.matchAll(/ADMIN_TOKEN\s*[=:]\s*['"]?([^\s'"#]+)/g)) {
        if (!m[1]!.startsWith('${')) values.push(m[1]!);
      }
      for (const m of text.matchAll(/\$\{ADMIN_TOKEN:?-([^}]*)\}/g)) values.push(m[1]!);
    }
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(adminTokenProblem(value), value).not.toBeNull();
  });
});
