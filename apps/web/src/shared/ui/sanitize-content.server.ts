// The server renderer's sanitizeContent (swapped in for sanitize-content.ts by the SSR build):
// the same allowlist the server applies when it stores content, with the same library.
import { CONTENT_HTML } from '@kaijiang/domain';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  ...CONTENT_HTML,
  allowedTags: [...CONTENT_HTML.allowedTags],
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
