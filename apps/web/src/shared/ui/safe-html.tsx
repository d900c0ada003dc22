import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './states.css';

/** Company texts are HTML from the server; sanitised again here because the browser is the last line. */
export function SafeHtml({ html, className = 'kj-prose' }: { html: string; className?: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }),
    [html],
  );
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
