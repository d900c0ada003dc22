// The web app's server renderer (apps/web/src/entry-server.tsx, built by `vite build --ssr`):
// loaded on first use and again when a rebuild replaces the file, so rebuilding the web app needs
// no restart. Any failure falls back to the plain index.html, which works on its own.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface RenderedPage {
  html: string;
  status: number;
  locale: string;
  routeIds: string[];
}

interface RendererModule {
  render(url: string, data: Record<string, unknown>): Promise<RenderedPage | null>;
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export const BOOT_SECTION = /<!--kj-boot-->[\s\S]*?<!--\/kj-boot-->/;

/** index.html with the start-up loader and the empty #root replaced by the rendered screen. */
export function placeRendered(html: string, rendered: RenderedPage): string {
  const root = `<div id="root" data-ssr="${escapeAttr(rendered.locale)}">${rendered.html}</div>`;
  return html.replace(BOOT_SECTION, () => root);
}

export function createPageRenderer(file: string | null, log: (err: unknown) => void) {
  let loaded: { mtimeMs: number; module: Promise<RendererModule | null> } | undefined;

  async function current(): Promise<RendererModule | null> {
    if (!file) return null;
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

  /** The screen at `url` rendered with the page's start-up data, or null (send index.html as is). */
  return async function render(
    url: string,
    data: Record<string, unknown>,
  ): Promise<RenderedPage | null> {
    try {
      const module = await current();
      return module ? await module.render(url, data) : null;
    } catch (err) {
      log(err);
      return null;
    }
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * `<link>`s for the styles and modules of the rendered screens (from the web build's Vite
 * manifest): the styles so the server-rendered screen is styled at first paint (no shift when the
 * screen's chunk arrives), the modules so the browser fetches them beside the entry.
 */
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

  /** Link tags for the route modules' closures, leaving out what `html` already links. */
  return async function links(routeIds: readonly string[], html: string): Promise<string> {
    const m = await manifest().catch(() => null);
    if (!m) return '';
    const css = new Set<string>();
    const js = new Set<string>();
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
    const fresh = (f: string) => !html.includes(`/${f}"`);
    return [
      ...[...css].filter(fresh).map((f) => `<link rel="stylesheet" href="/${f}">`),
      ...[...js].filter(fresh).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ].join('');
  };
}
