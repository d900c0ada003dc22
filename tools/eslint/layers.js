// Import boundaries of docs/architecture.md §2, as one small rule: resolving each relative or aliased import to
// a file path is all it takes, and a local rule is easier to trust than a plugin's matcher DSL.
import path from 'node:path';
import { serverPlacement, serverReposRead, serverViolation } from './server-layers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');

/** Which layer a file belongs to: { part, layer, feature }. */
function classify(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('packages/domain/')) return { part: 'domain' };
  if (rel.startsWith('apps/server/src/')) return { part: 'server', src: rel.slice(16) };
  if (rel.startsWith('apps/server/')) return { part: 'server' };
  if (rel.startsWith('e2e/')) return { part: 'e2e' };
  if (rel.startsWith('apps/web/src/console/')) {
    // The operator console: its own bundle with the same layers inside it.
    const [, , , , top, feature] = rel.split('/');
    if (top === 'features') return { part: 'console', layer: 'features', feature };
    if (top === 'app') return { part: 'console', layer: 'app' };
    if (top === 'shared') return { part: 'console', layer: 'shared' };
    return { part: 'console', layer: 'root' };
  }
  if (rel.startsWith('apps/web/src/')) {
    const [, , , top, feature] = rel.split('/');
    if (top === 'features') return { part: 'web', layer: 'features', feature };
    if (top === 'app') return { part: 'web', layer: 'app' };
    if (top === 'shared') return { part: 'web', layer: 'shared' };
    return { part: 'web', layer: 'root' };
  }
  if (rel.startsWith('apps/web/')) return { part: 'web', layer: 'root' };
  return { part: 'other' };
}

function resolveTarget(fromFile, source) {
  if (source.startsWith('@/')) return path.join(WEB_SRC, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

function violation(from, to, source, typeOnly) {
  if (from.part === 'domain' && source.startsWith('@kaijiang/'))
    return 'domain imports nothing of ours';
  if (from.part === 'domain' && (source.startsWith('node:') || /^(react|fastify)/.test(source)))
    return 'domain stays pure: no node:*, React or Fastify';
  if (from.part === 'server' && source.startsWith('@kaijiang/web'))
    return 'server never imports web';
  if (from.part === 'web' && source.startsWith('@kaijiang/server'))
    return 'web never imports server';
  if (!to) return null;
  const sameApp = (a, b) => (a === 'web' || a === 'console') && (b === 'web' || b === 'console');
  if (
    to.part !== from.part &&
    to.part !== 'other' &&
    from.part !== 'e2e' &&
    !sameApp(from.part, to.part)
  )
    return `${from.part} may not reach into ${to.part} by path; import the package`;
  if (from.part === 'web' && to.part === 'console') return 'the site never imports the console';
  if (from.part === 'console' && to.part === 'web')
    return 'the console is its own bundle: it imports @kaijiang/domain, not the site';
  if (from.part === 'server' && to.part === 'server' && from.src !== undefined)
    return to.src === undefined ? null : serverViolation(from.src, to.src, typeOnly);
  if (from.part !== to.part || (from.part !== 'web' && from.part !== 'console')) return null;
  if (from.layer === 'shared' && (to.layer === 'features' || to.layer === 'app'))
    return 'shared may not import features or app';
  if (from.layer === 'features' && to.layer === 'app') return 'a feature may not import app';
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature)
    return `feature "${from.feature}" may not import feature "${to.feature}"; compose them in app/`;
  return null;
}

/** `import type …`, `export type …`, or an import whose every name is `type`. */
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  if (node.type !== 'ImportDeclaration' || node.specifiers.length === 0) return false;
  return node.specifiers.every((s) => s.importKind === 'type');
}

const rule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      layer: 'Import boundary: {{why}} ({{source}}).',
      place: 'Server layout: {{why}}.',
      repos: 'Layer boundary: {{why}}.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = classify(file);
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const source = node.source.value;
      const target = resolveTarget(file, source);
      const why = violation(from, target ? classify(target) : null, source, isTypeOnly(node));
      if (why) context.report({ node: node.source, messageId: 'layer', data: { why, source } });
    }
    // `x.repos`, `x['repos']`, `x?.repos` and `const { repos } = x`, whatever `x` is (app,
    // fastify, this): a route has no business with any object's repositories.
    const reposWhy = from.src === undefined ? null : serverReposRead(from.src);
    const isRepos = (key, computed) =>
      computed ? key.type === 'Literal' && key.value === 'repos' : key.name === 'repos';
    const reposReads = reposWhy && {
      MemberExpression(node) {
        if (isRepos(node.property, node.computed))
          context.report({ node, messageId: 'repos', data: { why: reposWhy } });
      },
      'ObjectPattern > Property'(node) {
        if (isRepos(node.key, node.computed))
          context.report({ node, messageId: 'repos', data: { why: reposWhy } });
      },
    };
    return {
      ...reposReads,
      Program(node) {
        // A server file outside the layers has no rule to keep: say where it belongs.
        const why = from.src === undefined ? null : serverPlacement(from.src);
        if (why) context.report({ node, messageId: 'place', data: { why } });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { layers: rule } };
