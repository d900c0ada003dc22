// The server's layers (docs/architecture.md §2, "Where server code goes"): routes → services →
// repositories → db, with lib/ under everything. Used by ./layers.js for files in apps/server/src.

/** Files allowed at the top of apps/server/src, and the layer each counts as. */
const TOP_FILES = {
  'app.ts': 'root', // builds the app: composes plugins and routes
  'server.ts': 'root', // listens
  'config.ts': 'config',
  'version.ts': 'lib',
};

/** The folders of apps/server/src; anything else is not a place for server code. */
const FOLDERS = new Set([
  'cli',
  'config',
  'db',
  'lib',
  'plugins',
  'repositories',
  'routes',
  'schemas',
  'services',
]);

/**
 * What each layer may import: layer → { layer: 'all' | 'types' }. A layer missing from a row is
 * refused; `types` lets only `import type` through. `config` (the validated environment) is
 * readable from every layer; it reads lib, domain and the services' pure rules (the password
 * policy checks the operator password it is given).
 */
const MAY = {
  cli: {
    cli: 'all',
    config: 'all',
    db: 'all',
    lib: 'all',
    plugins: 'all',
    repositories: 'all',
    schemas: 'all',
    services: 'all',
  },
  plugins: {
    config: 'all',
    db: 'all',
    lib: 'all',
    plugins: 'all',
    repositories: 'all',
    schemas: 'all',
    services: 'all',
  },
  // HTTP only. A plugin's exported constants and types (the console cookie's name, a CSP preset)
  // are what routes register behind, so routes may read them; repositories and db only as types.
  routes: {
    config: 'all',
    db: 'types',
    lib: 'all',
    plugins: 'all',
    repositories: 'types',
    routes: 'all',
    schemas: 'all',
    services: 'all',
  },
  services: { config: 'all', db: 'types', lib: 'all', repositories: 'all', services: 'all' },
  repositories: { db: 'all', lib: 'all', repositories: 'all' },
  db: { config: 'types', db: 'all', lib: 'all' },
  schemas: { lib: 'all', schemas: 'all' },
  lib: { config: 'types', lib: 'all' },
  config: { config: 'all', lib: 'all', services: 'all' },
};

const WHY = {
  routes: 'routes are HTTP only: they call services, never repositories or db',
  services: 'services hold the logic: they use repositories and lib, never routes or plugins',
  repositories: 'repositories hold the SQL: they use db and lib only',
  db: 'db (schema, migrations, connection) uses lib and domain only',
  lib: 'lib is generic: it imports nothing of the layers above it',
  schemas: 'schemas are common HTTP schemas: lib and domain only',
  cli: 'cli entry points never import routes',
  plugins: 'plugins decorate the app; app.ts registers the routes',
  config: 'config reads lib, domain and services’ pure rules only',
};

/**
 * Why a file may not read `.repos` (the decorated repositories, plugins/app/repositories.ts), or
 * null. An import is not the only way down: a route holding `app.repos` reaches the SQL past its
 * service as surely as one importing repositories/.
 */
export function serverReposRead(rel) {
  if (serverLayer(rel) !== 'routes') return null;
  return 'routes are HTTP only and reach the repositories through a service: call app.<service>, never app.repos';
}

/** The layer of a path relative to apps/server/src, or null when it is outside src. */
export function serverLayer(rel) {
  if (rel.startsWith('../')) return null;
  const parts = rel.split('/');
  if (parts.length === 1) return TOP_FILES[parts[0]] ?? 'unplaced';
  return FOLDERS.has(parts[0]) ? parts[0] : 'unplaced';
}

/** Why a file may not live where it is, or null. */
export function serverPlacement(rel) {
  if (serverLayer(rel) !== 'unplaced') return null;
  return `apps/server/src/${rel} is in no layer: put it in routes/, services/<feature>/, repositories/, db/, lib/, plugins/, schemas/ or cli/`;
}

/** Why `from` may not import `to` (both relative to apps/server/src), or null. */
export function serverViolation(fromRel, toRel, typeOnly) {
  const from = serverLayer(fromRel);
  const to = serverLayer(toRel);
  if (!from || !to || from === 'root' || from === 'unplaced' || to === 'unplaced') return null;
  if (to === 'root') return from === 'cli' ? null : `${from}/ never imports app.ts or server.ts`;
  const may = MAY[from]?.[to];
  if (may === 'all' || (may === 'types' && typeOnly)) return null;
  if (may === 'types') return `${WHY[from]} (a type of ${to}/ at most: \`import type\`)`;
  return `${WHY[from]}; ${from}/ may not import ${to}/`;
}
