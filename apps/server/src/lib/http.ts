import type { FastifyReply } from 'fastify';
import { boundedCache } from './bounded-cache.ts';
import { requestPath } from './request-path.ts';

/** If-None-Match against our strong tags, compared weakly as RFC 9110 asks for GET/HEAD. */
export function matchesEtag(header: string | undefined, ...etags: string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = new Set(etags.map(strip));
  return header.split(',').some((t) => wanted.has(strip(t)));
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * Browsers send a handful of Accept-Encoding values, and every ready answer asks which coding to
 * send: the choice is kept per value (the client's to make up: bounded, long values not kept).
 */
const picked = boundedCache<string, ContentCoding>({
  max: 256,
  maxBytes: 256 * 1024,
  ttlMs: 10 * 60_000,
});
const PICKED_HEADER_MAX = 128;

/** Picks br, then gzip, honouring q-values (q=0 refuses a coding). */
export function pickEncoding(
  header: string | undefined,
  available: ContentCoding[],
): ContentCoding {
  if (!header) return 'identity';
  if (header.length > PICKED_HEADER_MAX) return parseAndPick(header, available);
  const key = `${available.join()}|${header}`;
  let coding = picked.get(key);
  if (coding === undefined) {
    coding = parseAndPick(header, available);
    picked.set(key, coding);
  }
  return coding;
}

function parseAndPick(header: string, available: ContentCoding[]): ContentCoding {
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qp ? Number(qp.slice(2)) || 0 : 1);
  }
  const star = q.get('*');
  for (const enc of ['br', 'gzip'] as const) {
    if (!available.includes(enc)) continue;
    const weight = q.get(enc) ?? star ?? 0;
    if (weight > 0) return enc;
  }
  return 'identity';
}

/**
 * True for paths the SPA must never shadow, however they are spelt (`/%61pp-api`, `//app-api`,
 * `/APP-API`): what the router or a proxy might resolve to the API is never a page.
 */
export function isReservedPath(url: string): boolean {
  return /^\/(app-api|chat-api|sys-upload|cloud-upload|ws-game)(\/|$)/i.test(requestPath(url));
}

/**
 * Whether a client with this Accept header takes a page. No header, or the any-type wildcard
 * alone (curl, link previews, crawlers), takes anything, a page included; a client that names
 * JSON and reaches HTML only through a wildcard (axios: JSON, plain text, any) wants JSON.
 */
export function acceptsHtml(header: string | undefined): boolean {
  if (!header?.trim()) return true;
  let html = -1;
  let htmlWild = 0;
  let json = -1;
  let jsonWild = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim());
    const qp = params.find((p) => p.startsWith('q='));
    const q = qp ? Number(qp.slice(2)) || 0 : 1;
    if (range === 'text/html' || range === 'application/xhtml+xml') html = Math.max(html, q);
    else if (range === 'application/json') json = Math.max(json, q);
    else if (range === '*/*') {
      htmlWild = Math.max(htmlWild, q);
      jsonWild = Math.max(jsonWild, q);
    } else if (range === 'text/*') htmlWild = Math.max(htmlWild, q);
    else if (range === 'application/*') jsonWild = Math.max(jsonWild, q);
  }
  const h = html >= 0 ? html : htmlWild;
  const j = json >= 0 ? json : jsonWild;
  return h > 0 && (h > j || (h === j && !(json >= 0 && html < 0)));
}

/**
 * Adds `name` to the answer's Vary, keeping what an earlier hook put there: CORS says Origin on
 * an API answer to an allowed origin, and a shared cache must not hand that origin's copy to
 * another.
 */
export function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', name);
  else if (!String(vary).toLowerCase().includes(name.toLowerCase()))
    reply.header('vary', `${String(vary)}, ${name}`);
}
