// The web app's server renderer (apps/web/src/entry-server.tsx, built by `vite build --ssr`):
// loaded on first use and again when a rebuild replaces the file, so rebuilding the web app needs
// no restart. Any failure falls back to the plain index.html, which works on its own.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LruMap } from 'toad-cache';
import { PAGE_START_SCRIPT } from './page-start.ts';

export interface RenderedPage {
  /** Markup for #root; null for a screen the browser renders itself (the answers still come). */
  html: string | null;
  status: number;
  locale: string;
  /** Absent from renderers built before it: the browser then renders afresh. */
  lunarYear?: number;
  routeIds: string[];
  /** The answers of the page's queries, for the browser's query cache (the kj-data script). */
  answers?: unknown[];
}

/** What the web app's entry-server.tsx exports. */
interface RendererModule {
  render(url: string, options: { fetch: typeof fetch }): Promise<RenderedPage | null>;
  /** What a page depends on in its URL: path and the query parameters its screen reads. */
  pageKey?(url: string): string;
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export const BOOT_SECTION = /<!--kj-boot-->[\s\S]*?<!--\/kj-boot-->/;

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

export interface ScreenAssets {
  /** The screen's styles beyond index.html's. */
  css: string[];
  js: string[];
  /**
   * The entry's static imports in the order the browser evaluates them (depth first, imports
   * before importers), from the manifest: index.html lists none since its preload list leaves the
   * entry's own chunks out (vite.config.ts).
   */
  steps?: string[];
  /** Text of the stylesheets that may be inlined (index.html's and the screen's), by file. */
  styles: Record<string, string>;
}

/**
 * index.html for a server-rendered screen: the rendered markup in place of the start-up loader;
 * every stylesheet it needs inlined (no request between the HTML and the first paint; each also
 * stays as a disabled link, which the browser does not fetch but the app's chunk loader takes as
 * present), or else linked; and the app's modules handed to the inline start script
 * (page-start.ts), which requests them after the first paint so they do not compete with it on a
 * slow connection.
 */
export function composeRenderedPage(
  html: string,
  screen: RenderedPage & { html: string },
  assets: ScreenAssets,
): string {
  const year = Number.isInteger(screen.lunarYear) ? ` data-ssr-year="${screen.lunarYear}"` : '';
  const root = `<div id="root" data-ssr="${escapeAttr(screen.locale)}"${year}>${screen.html}</div>`;
  let out = html.replace(BOOT_SECTION, () => root);
  const linked = (file: string) => out.includes(`/${file}"`);
  let css: string[];
  const sheets = [...new Set([...[...out.matchAll(STYLESHEET)].map((m) => m[1]!), ...assets.css])];
  if (sheets.every((f) => assets.styles[f] !== undefined)) {
    out = out.replace(STYLESHEET, '');
    const text = sheets
      .map((f) => assets.styles[f]!)
      .join('\n')
      .replace(/<\/style/gi, '<\\/style');
    css = [
      `<style>${text}</style>`,
      ...sheets.map((f) => `<link rel="stylesheet" href="/${f}" disabled>`),
    ];
  } else {
    css = assets.css.filter((f) => !linked(f)).map((f) => `<link rel="stylesheet" href="/${f}">`);
  }
  const entry = MODULE_SCRIPT.exec(out)?.[1];
  let scripts: string;
  if (entry) {
    // Vite lists the entry's imports in the order they are evaluated, when it lists them.
    const steps = assets.steps?.length
      ? assets.steps
      : [...out.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
    const preload = assets.js.map((f) => `/${f}`).filter((f) => !steps.includes(f) && f !== entry);
    out = out.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
    const attrs = `data-entry="${escapeAttr(entry)}" data-steps="${escapeAttr(steps.join(' '))}" data-preload="${escapeAttr(preload.join(' '))}"`;
    out = out.replace('</body>', () => `<script ${attrs}>${PAGE_START_SCRIPT}</script></body>`);
    scripts = '';
  } else {
    // Not the markup Vite writes: leave the modules alone, only preload the screen's.
    scripts = assets.js
      .filter((f) => !linked(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join('');
  }
  return out.replace('</head>', () => `${css.join('')}${scripts}</head>`);
}

/** Page keys kept per renderer, of addresses up to 512 characters: under 2 MB in all. */
const MAX_KEPT_KEYS = 2_000;
const MAX_KEPT_URL = 512;
/** How long a loaded renderer is trusted to be current: a rebuild shows within a second. */
const RECHECK_MS = 1_000;

export function createPageRenderer(file: string | null, log: (err: unknown) => void) {
  let loaded: { mtimeMs: number; module: Promise<RendererModule | null> } | undefined;
  let checkedAt = -Infinity;
  const keys = new LruMap<string>(MAX_KEPT_KEYS);
  let keysOf: RendererModule | undefined;

  async function current(): Promise<RendererModule | null> {
    if (!file) return null;
    // Every page request asks for its key: a loaded renderer is looked at again once a second,
    // not with a stat per request (the largest cost of a cached page under load).
    const now = performance.now();
    if (loaded && now - checkedAt < RECHECK_MS) return loaded.module;
    checkedAt = now;
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return null;
    if (!loaded || loaded.mtimeMs !== stat.mtimeMs) {
      const url = `${pathToFileURL(file).href}?v=${stat.mtimeMs}`;
      const module = (import(url) as Promise<RendererModule>).catch((err: unknown) => {
        log(err);
        return null;
      });
      loaded = { mtimeMs: stat.mtimeMs, module };
    }
    return loaded.module;
  }

  return {
    /** The page at `url`, its calls answered by `fetch`; null: send index.html as is. */
    async render(url: string, fetch: typeof globalThis.fetch): Promise<RenderedPage | null> {
      try {
        const module = await current();
        return module ? await module.render(url, { fetch }) : null;
      } catch (err) {
        log(err);
        return null;
      }
    },
    /** The key of the page at `url` in a cache of rendered pages (the path without a renderer). */
    async key(url: string): Promise<string> {
      const module = await current().catch(() => null);
      try {
        if (module?.pageKey) {
          // At draw time the same few addresses are asked for thousands of times a second, and
          // a key costs a URL parse and a query rebuild: kept per renderer, bounded, as the
          // addresses are the visitors' to choose.
          if (keysOf !== module) {
            keysOf = module;
            keys.clear();
          }
          if (url.length > MAX_KEPT_URL) return module.pageKey(url);
          let key = keys.get(url);
          if (key === undefined) {
            key = module.pageKey(url);
            keys.set(url, key);
          }
          return key;
        }
      } catch (err) {
        log(err);
      }
      return new URL(url, 'http://kaijiang.invalid').pathname;
    },
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** What the rendered screens need beyond the entry, from the web build's Vite manifest. */
export function createRouteAssets(webDist: string) {
  const file = path.join(webDist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Record<string, ManifestChunk> } | undefined;

  async function manifest(): Promise<Record<string, ManifestChunk> | null> {
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, ManifestChunk>;
      cached = { mtimeMs: stat.mtimeMs, manifest: parsed };
    }
    return cached.manifest;
  }

  const texts = new Map<string, Promise<string | undefined>>();
  /** A stylesheet's text if it can be inlined as is (no relative url() to break), by file. */
  function styleText(file: string): Promise<string | undefined> {
    const known = texts.get(file);
    if (known) return known;
    const text = fs.readFile(path.join(webDist, file), 'utf8').then(
      (css) => (css.includes('url(') ? undefined : css.trim()),
      () => {
        texts.delete(file); // not built yet: look again next time
        return undefined;
      },
    );
    // Hashed names never change content; a new build brings new names (a few dozen at most).
    if (texts.size < 500) texts.set(file, text);
    return text;
  }

  /** The styles and modules of the route modules' static closures, and the styles' text. */
  return async function assets(routeIds: readonly string[], html: string): Promise<ScreenAssets> {
    const m = await manifest().catch(() => null);
    const css = new Set<string>();
    const js = new Set<string>();
    if (m) {
      const seen = new Set<string>();
      const visit = (key: string) => {
        const chunk = m[key];
        if (!chunk || seen.has(key)) return;
        seen.add(key);
        if (chunk.file.endsWith('.js')) js.add(chunk.file);
        for (const c of chunk.css ?? []) css.add(c);
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      for (const id of routeIds) if (/^[a-z0-9-]+$/.test(id)) visit(`src/app/routes/${id}.tsx`);
    }
    const steps = m ? entrySteps(m) : [];
    const files = [...new Set([...[...html.matchAll(STYLESHEET)].map((x) => x[1]!), ...css])];
    const styles: Record<string, string> = {};
    await Promise.all(
      files.map(async (f) => {
        const text = /^assets\/[\w.-]+\.css$/.test(f) ? await styleText(f) : undefined;
        if (text !== undefined) styles[f] = text;
      }),
    );
    return { css: [...css], js: [...js], steps, styles };
  };
}

/** The entry chunk's static imports, each after its own imports (ES module evaluation order). */
export function entrySteps(manifest: Record<string, ManifestChunk>): string[] {
  const entry = manifest['index.html'];
  if (!entry) return [];
  const order: string[] = [];
  const seen = new Set<string>(['index.html']);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
    if (chunk.file.endsWith('.js')) order.push(`/${chunk.file}`);
  };
  for (const dep of entry.imports ?? []) visit(dep);
  return order;
}
