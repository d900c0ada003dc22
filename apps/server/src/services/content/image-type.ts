// What an uploaded file really is, from its first bytes: a name or a Content-Type is only a claim.

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export const IMAGE_MIME: Readonly<Record<ImageKind, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** File name extension of each kind (what the static server derives the Content-Type from). */
export const IMAGE_EXT: Readonly<Record<ImageKind, string>> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  svg: 'svg',
};

const starts = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function detectImage(buf: Buffer): ImageKind | null {
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(buf, ascii('GIF87a')) || starts(buf, ascii('GIF89a'))) return 'gif';
  if (starts(buf, ascii('RIFF')) && starts(buf, ascii('WEBP'), 8)) return 'webp';
  if (looksLikeSvg(buf)) return 'svg';
  return null;
}

/** An SVG document: optional BOM, XML declaration and comments, then the <svg> root. */
function looksLikeSvg(buf: Buffer): boolean {
  const head = buf
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  return /^<svg[\s>]/i.test(rest);
}

/**
 * Anything in an SVG that can run script, load another document or expand entities. Such a file
 * is refused rather than rewritten: a drawing for the gallery never needs any of it.
 */
const SVG_DANGERS: RegExp[] = [
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|audio|video|handler|listener)\b/i,
  /<\s*(set|animate\w*)\b/i,
  /\son[a-z]+\s*=/i,
  /javascript\s*:/i,
  // Only in-document references (#id); a URL could fetch or navigate.
  /\bhref\s*=\s*["']?\s*(?!#)/i,
  /url\(\s*['"]?\s*(?!#)/i,
  /@import/i,
];

export function unsafeSvgReason(buf: Buffer): string | null {
  const text = buf.toString('utf8');
  // Not valid UTF-8 would hide markup from the checks above.
  if (text.includes('\uFFFD')) return 'not UTF-8';
  const hit = SVG_DANGERS.find((re) => re.test(text));
  return hit ? hit.source : null;
}
