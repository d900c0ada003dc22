// Content HTML is cleaned once, when it is stored, against the allowlist of @kaijiang/domain; the
// web app cleans it again when it shows it: DOMPurify in the browser (two different parsers: a
// bypass must beat both), sanitize-html with the same allowlist when rendered on the server.
import { CONTENT_HTML } from '@kaijiang/domain';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  ...CONTENT_HTML,
  allowedTags: [...CONTENT_HTML.allowedTags],
  transformTags: {
    // Off-site links open apart from the site and give it no handle back to us.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (/^https?:\/\//i.test(href)) {
        return {
          tagName,
          attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
        };
      }
      return { tagName, attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

// Removing control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]+/g;
/* eslint-enable no-control-regex */

/** One line of plain text: no markup, no control characters, collapsed spaces. */
export function plainLine(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** Plain text with line breaks kept (answers, questions). */
export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_BUT_NEWLINE, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
