// What the web app's server renderer (render-thread.ts) gives, put into index.html: the rendered
// screen, its styles inlined and its modules handed to the start script.
import fs from 'node:fs/promises';
import path from 'node:path';
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
