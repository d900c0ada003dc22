// `npm run bench <name> [args…]`: runs a benchmark script that prints its own figures.
// Benchmarks live beside the code they measure: apps/*/bench/<name>.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NODE24, ROOT, ensureDependencies, run } from './lib/ensure.mjs';

const [name, ...args] = process.argv.slice(2);
const candidates = ['apps/server/bench', 'apps/web/bench', 'e2e/bench'].map((dir) =>
  path.join(ROOT, dir, `${name}.ts`),
);
const script = name && candidates.find((file) => existsSync(file));
if (!script) {
  console.error(
    `usage: npm run bench <name> [args]; known: live, chat, http, surge, auth, stall, db, web, trend, history, repaint (got ${name ?? 'nothing'})`,
  );
  process.exit(2);
}
ensureDependencies();
process.exit(run(NODE24, ['--expose-gc', script, ...args]));
