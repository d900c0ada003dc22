import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { openccPhrases } from './build/opencc-phrases.ts';
import { preactAliases, preactJsx } from './build/preact.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

const DEV_BACKEND = process.env.KJ_DEV_BACKEND ?? 'http://127.0.0.1:8080';

// React Router's package exports name only its development build (warnings and invariant texts
// included); builds take its production build, which the same package ships beside it.
const ROUTER_PRODUCTION = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('react-router'))),
  '..',
  'production',
);
const routerProduction = [
  { find: /^react-router$/, replacement: path.join(ROUTER_PRODUCTION, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(ROUTER_PRODUCTION, 'dom-export.mjs') },
];

// Libraries that change rarely get their own chunks so an app release does not bust their cache.
/** Chunks of the entry's static closure (the vendor groups below, and the bundler's runtime). */
const ENTRY_CHUNK = /(^|\/)(preact|router|query|app|rolldown-runtime)-[\w-]{7}\.js$/;

const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  // Preact and the router apart: a server-rendered page evaluates them in tasks of their own.
  { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 4 },
  {
    name: 'router',
    test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 3,
  },
  // The query cache apart from the rest of the store: evaluated in a task of its own.
  {
    name: 'query',
    test: /node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/,
    priority: 3,
  },
  {
    name: 'state',
    test: /node_modules[\\/](@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store)[\\/]/,
    priority: 2,
  },
  // The app's start-up modules in one file with the entry's other shared ones, not five small.
  {
    name: 'app',
    test: /src[\\/]shared[\\/](api[\\/](api|base-query|api-error|site-api|session-events)|config[\\/]runtime-config|i18n[\\/](?!messages-hant|to-traditional)|store[\\/]|storage[\\/])/,
    priority: 1,
  },
];

/**
 * Chunks a screen shows only after its first paint (`*-extras`): only their stylesheets are named
 * (Vite adds those itself). The chunk and the shared chunks it imports load through the import
 * itself, mostly from cache: naming them would only cost the route's first load.
 */
const AFTER_PAINT_CHUNK = /(^|\/)[a-z-]+-extras-[\w-]{7}\.js$/;
const preloadList = (file: string, deps: string[]): string[] =>
  AFTER_PAINT_CHUNK.test(file) ? [] : deps.filter((dep) => !ENTRY_CHUNK.test(dep));

export default defineConfig(({ mode, isSsrBuild, command }) => {
  const isApp = mode === 'app';
  if (isSsrBuild) return ssrConfig();
  if (mode === 'console') return consoleConfig(command === 'build');
  const build = command === 'build';
  return {
    // The app shell loads index.html from the device, so asset URLs must be relative there.
    base: isApp ? './' : '/',
    oxc: preactJsx,
    plugins: [openccPhrases(), ...(isApp ? [] : [serviceWorker()]), precompress()],
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        ...(build ? routerProduction : []),
        ...preactAliases,
      ],
    },
    define: {
      __KJ_APP_BUILD__: JSON.stringify(isApp),
    },
    server: {
      proxy: {
        '/app-api': { target: DEV_BACKEND, changeOrigin: true },
        '/sys-upload': { target: DEV_BACKEND, changeOrigin: true },
        '/ws-game': { target: DEV_BACKEND, changeOrigin: true, ws: true },
      },
    },
    build: {
      outDir: isApp ? 'dist-app' : 'dist',
      manifest: true,
      target: 'es2022',
      cssCodeSplit: true,
      modulePreload: {
        // Browsers without modulepreload still load every module, only without the head start.
        polyfill: false,
        // The entry's own chunks are loaded before any route can be: naming them again in every
        // route's preload list only costs first-load bytes.
        resolveDependencies: preloadList,
      },
      assetsInlineLimit: 2048,
      rolldownOptions: {
        output: {
          codeSplitting: { groups: VENDOR_GROUPS },
          // Seven characters of content hash, not eight: the names recur in every import and
          // preload list and do not compress (0.17 kB of /game/110's first load). Seven is the
          // fewest the bundler takes for this many chunks; 64^7 is still far from a collision.
          // Chunks and assets are named by their hash alone for the same reason (0.54 kB of
          // /game/110's first load: the entry lists every route's files); the manifest still
          // maps each to its source, which is what the bundle report and the server read.
          entryFileNames: 'assets/[name]-[hash:7].js',
          chunkFileNames: 'assets/[hash:7].js',
          assetFileNames: 'assets/[hash:7][extname]',
        },
      },
    },
  };
});

/**
 * `vite build --ssr src/entry-server.tsx`: the module the server renders first screens with.
 * Every library is bundled in (noExternal) so the Preact aliases reach them, as in the browser.
 */
function ssrConfig(): UserConfig {
  return {
    oxc: preactJsx,
    plugins: [openccPhrases()],
    resolve: {
      alias: [
        // DOMPurify cleans nothing without a DOM: on the server, the server's own sanitiser.
        {
          find: /^(\.\/|@\/shared\/ui\/)sanitize-content$/,
          replacement: path.resolve(
            import.meta.dirname,
            'src/shared/ui/sanitize-content.server.ts',
          ),
        },
        // Lazy in the browser, a static import here: renderToString does not wait for chunks.
        {
          find: /^\.\/side-menu-slot$/,
          replacement: path.resolve(import.meta.dirname, 'src/app/layout/side-menu-slot.server.ts'),
        },
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        ...routerProduction,
        ...preactAliases,
      ],
    },
    // Libraries bundled in read NODE_ENV at run time otherwise: the store's development checks
    // (serializable, immutable) would run on every server render.
    define: { __KJ_APP_BUILD__: 'false', 'process.env.NODE_ENV': '"production"' },
    ssr: { noExternal: true, target: 'node' },
    publicDir: false,
    build: {
      outDir: 'dist-ssr',
      target: 'node20',
      minify: false,
      emptyOutDir: true,
      rolldownOptions: {
        // One file: the server loads it again after a rebuild (by a new URL), and chunks that
        // import the entry back would load a second copy of it, router and store included.
        output: { inlineDynamicImports: true },
        // Library notes that do not apply here: 'use client' markers, and React 19 hooks that
        // React Router only calls when React provides them.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' || log.code === 'IMPORT_IS_UNDEFINED') return;
          handler(level, log);
        },
      },
    },
  };
}

/**
 * `vite build --mode console`: the operator console (issue 15), its own page (console.html) and
 * bundle under /admin/, built apart so a visitor's pages never reference a byte of it.
 */
function consoleConfig(build: boolean): UserConfig {
  return {
    base: '/admin/',
    oxc: preactJsx,
    plugins: [openccPhrases(), precompress()],
    publicDir: false,
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        ...(build ? routerProduction : []),
        ...preactAliases,
      ],
    },
    define: { __KJ_APP_BUILD__: 'false' },
    server: {
      proxy: { '/app-api': { target: DEV_BACKEND, changeOrigin: true } },
    },
    build: {
      outDir: 'dist-console',
      emptyOutDir: true,
      target: 'es2022',
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: path.resolve(import.meta.dirname, 'console.html'),
        // The same library notes the server build silences ('use client', React 19 hooks).
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' || log.code === 'IMPORT_IS_UNDEFINED') return;
          handler(level, log);
        },
        output: {
          entryFileNames: 'assets/[name]-[hash:8].js',
          chunkFileNames: 'assets/[name]-[hash:8].js',
          assetFileNames: 'assets/[name]-[hash:8][extname]',
        },
      },
    },
  };
}
