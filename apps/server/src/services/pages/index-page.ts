// index.html of the built web app with the runtime config injected. Re-read when the file
// changes, so rebuilding the web app needs no server restart.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import {
  HTML_TYPE,
  readyBytes,
  readyBytesCoded,
  type ReadyAnswer,
} from '../../lib/ready-answer.ts';
import { PAGE_THEME_SCRIPT } from './page-start.ts';

export const RUNTIME_CONFIG_MARKER = '<!--kj-runtime-config-->';

export interface RuntimeConfig {
  companyCode: string;
  apiBase: string;
  staticHost: string;
  liveHosts: string[];
  /** The chat service (docs/architecture.md §10) and the origin of its pictures. */
  chatUrl: string;
  chatImgUrl: string;
  /** How far apart the simulator reveals balls (the draw stage counts down to the next). */
  ballIntervalMs: number;
  version: string;
}

export interface IndexPage {
  html: string;
  etag: string;
  /** The bytes that go out, each coding compressed once per page (not once per visitor). */
  ready: ReadyAnswer;
}

export function runtimeConfig(config: AppConfig, version: string): RuntimeConfig {
  return {
    companyCode: config.companyCode,
    apiBase: '/app-api',
    staticHost: config.staticHost,
    liveHosts: config.liveHosts,
    chatUrl: config.chatUrl,
    chatImgUrl: config.chatImgUrl,
    ballIntervalMs: config.drawBallIntervalMs,
    version,
  };
}

/** A JSON <script> block; `<` is escaped so no value can close the element. */
export function runtimeConfigScript(rc: RuntimeConfig): string {
  const json = JSON.stringify(rc).replace(/</g, '\\u003c');
  return `<script id="kj-config" type="application/json">${json}</script>`;
}

/**
 * The answers of a server-rendered page's queries, which the browser's query cache starts from
 * (apps/web/src/app/store/first-screen.ts). Inert JSON: the CSP allows no inline executable script.
 */
export function initialDataScript(answers: unknown): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script id="kj-data" type="application/json">${json}</script>`;
}

export const etagOf = (html: string) =>
  `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

export function pageOf(html: string): IndexPage {
  const etag = etagOf(html);
  return { html, etag, ready: readyBytes(Buffer.from(html), HTML_TYPE, etag) };
}

/**
 * `html` with `head` (initial data, links) placed before </head>, as a page of its own: an ETag
 * covering it and its codings compressed in zlib's pool, not on the thread that answers visitors
 * (a 70 KB page is a few milliseconds of brotli and gzip, made afresh every few seconds).
 */
export async function withHead(html: string, head: string): Promise<IndexPage> {
  const full = head ? html.replace('</head>', () => `${head}</head>`) : html;
  const etag = etagOf(full);
  return { html: full, etag, ready: await readyBytesCoded(Buffer.from(full), HTML_TYPE, etag) };
}

/** How long a built index.html is trusted to be unchanged: a rebuild shows within a second. */
const RECHECK_MS = 1_000;

export function createIndexPage(webDist: string, rc: RuntimeConfig) {
  const file = path.join(webDist, 'index.html');
  const script = `${runtimeConfigScript(rc)}<script>${PAGE_THEME_SCRIPT}</script>`;
  let cached: { mtimeMs: number; size: number; page: IndexPage } | undefined;
  let checkedAt = -Infinity;

  /** The page, or undefined when the web app has not been built. */
  return async function load(): Promise<IndexPage | undefined> {
    // A built page is looked at again once a second, not on every request (a stat each).
    const now = performance.now();
    if (cached && now - checkedAt < RECHECK_MS) return cached.page;
    checkedAt = now;
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) {
      cached = undefined;
      return undefined;
    }
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.page;
    const raw = await fs.readFile(file, 'utf8');
    const html = raw.includes(RUNTIME_CONFIG_MARKER)
      ? raw.replace(RUNTIME_CONFIG_MARKER, () => script)
      : raw.replace('</head>', () => `${script}</head>`);
    cached = { mtimeMs: stat.mtimeMs, size: stat.size, page: pageOf(html) };
    return cached.page;
  };
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>开奖网 · 网站尚未构建</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#333;line-height:1.6}
h1{font-size:1.4rem;color:#df0000}code{background:#f4f4f4;padding:.1rem .3rem;border-radius:3px}</style>
</head>
<body><h1>网页应用尚未构建</h1>
<p>服务器运行正常，但没有找到网页应用的构建结果（index.html）。</p>
<p>请在项目根目录执行 <code>npm run build</code> 后刷新本页；接口 <code>/app-api</code> 与数据文件 <code>/sys-upload</code> 已可正常访问。</p>
</body></html>
`;
