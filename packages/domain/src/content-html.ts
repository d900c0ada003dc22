// The HTML that content (news bodies, company texts) may contain: one allowlist for every place
// that cleans it (the server when it stores, the web's server renderer when it shows). Plain
// data in sanitize-html's option names, so this package needs no library.
export const CONTENT_HTML = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
    'code',
    'pre',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  /** Per tag. `target`/`rel` of links and `loading` of images are set by the sanitiser itself. */
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  /** URL schemes of links; no protocol-relative or data: URLs anywhere. */
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  /** An image from anywhere but the web is a tracker or worse. */
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  /** Dropped together with their content, not unwrapped into visible text. */
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template'],
  disallowedTagsMode: 'discard' as const,
};
