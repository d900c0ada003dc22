// The two sanitisers of content HTML: DOMPurify in the browser, sanitize-html (the server's
// allowlist) in the SSR build, which swaps the module (tested against the real build in
// apps/server/test/routes/web-ssr-sanitize.test.ts). Both drop what runs and keep the content.
import { describe, expect, it } from 'vitest';
import { sanitizeContent } from './sanitize-content';
import { sanitizeContent as sanitizeOnServer } from './sanitize-content.server';

const PAYLOAD =
  '<p>ok</p><script>alert(1)</script><img src="https://x.example/a.png" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">x</a>';

describe('sanitizeContent', () => {
  for (const [name, clean] of [
    ['browser', sanitizeContent],
    ['server render', sanitizeOnServer],
  ] as const) {
    it(`${name}: keeps the content, drops scripts, handlers and javascript: links`, () => {
      const out = clean(PAYLOAD);
      expect(out).toContain('<p>ok</p>');
      expect(out).toContain('src="https://x.example/a.png"');
      expect(out).not.toMatch(/<script|onerror|javascript:/i);
    });
  }
});
