// Content HTML from the server, cleaned again before it is shown: the page is the last line.
// In the browser DOMPurify does it; the server renderer's build swaps this module for
// sanitize-content.server.ts (vite.config.ts), as DOMPurify without a DOM cleans nothing.
import DOMPurify from 'dompurify';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sanitizeContent(html: string): string {
  // Fail closed: anywhere without a DOM (and without the swap) the markup shows as text.
  if (!DOMPurify.isSupported) return escapeHtml(html);
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
