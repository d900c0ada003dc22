import type { Alias } from 'vite';

/**
 * The app and its libraries (React Router, react-redux, antd-mobile) are written against React's
 * API; in the browser that API is served by preact/compat, which is about 50 kB gzip smaller than
 * react-dom and parses in a fraction of the time on a slow phone; the server renders with
 * preact-render-to-string. (The unit tests keep React: Vitest loads libraries such as react-redux's
 * CommonJS helpers outside Vite, where these aliases do not reach; the e2e suite runs this build.)
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/** JSX compiled straight to Preact's runtime (no React refresh; the dev server reloads the page). */
export const preactJsx = { jsx: { runtime: 'automatic', importSource: 'preact' } } as const;
