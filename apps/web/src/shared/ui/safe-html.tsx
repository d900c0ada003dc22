import { useMemo } from 'react';
import { sanitizeContent } from './sanitize-content';
import './states.css';

/** Company texts are HTML from the server; sanitised again here because the browser is the last line. */
export function SafeHtml({ html, className = 'kj-prose' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeContent(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
