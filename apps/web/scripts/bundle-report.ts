// Prints the gzip size of the JavaScript each route needs and fails when the first load of the
// home screen (/game/110) goes over budget. Runs on Node 24 with type stripping.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const BUDGET_BYTES = 150_000;
const ROUTE_DIR = 'src/app/routes/';
const FIRST_LOAD_ROUTE = `${ROUTE_DIR}game.tsx`;

const outDir = path.resolve(import.meta.dirname, '..', process.argv[2] ?? 'dist');
const manifest = JSON.parse(
  readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** Manifest keys of a chunk and everything it imports statically. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function jsBytes(keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk?.file.endsWith('.js')) total += gzipSize(chunk.file);
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error(`no entry chunk in ${outDir}/.vite/manifest.json`);
const entry = closure(entryKey);

const routes = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith(ROUTE_DIR))
  .map(([key]) => {
    const own = [...closure(key)].filter((dep) => !entry.has(dep));
    return { route: key.slice(ROUTE_DIR.length).replace(/\.tsx?$/, ''), key, bytes: jsBytes(own) };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

const game = routes.find((r) => r.key === FIRST_LOAD_ROUTE);
if (!game) throw new Error(`route module ${FIRST_LOAD_ROUTE} is not a lazy chunk`);
const firstLoad = jsBytes(new Set([...entry, ...closure(game.key)]));

console.log('\nJavaScript per lazy route (gzip, beyond the entry):');
for (const r of routes) console.log(`  ${kb(r.bytes)}  ${r.route}`);
console.log(`\nentry + static imports (gzip): ${kb(jsBytes(entry)).trim()}`);
console.log(
  `first load of /game/110 (gzip): ${kb(firstLoad).trim()} of ${kb(BUDGET_BYTES).trim()} budget`,
);

if (firstLoad > BUDGET_BYTES) {
  console.error('bundle budget exceeded: the first load of /game/110 must stay within 150 kB gzip');
  process.exit(1);
}
