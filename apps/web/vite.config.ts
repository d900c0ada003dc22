import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

const DEV_BACKEND = process.env.KJ_DEV_BACKEND ?? 'http://127.0.0.1:8080';

// Libraries that change rarely get their own chunks so an app release does not bust their cache.
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 3,
  },
  {
    name: 'state',
    test: /node_modules[\\/](@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store)[\\/]/,
    priority: 2,
  },
  { name: 'http', test: /node_modules[\\/]axios[\\/]/, priority: 1 },
];

export default defineConfig(({ mode }) => {
  const isApp = mode === 'app';
  return {
    // The app shell loads index.html from the device, so asset URLs must be relative there.
    base: isApp ? './' : '/',
    plugins: [react(), ...(isApp ? [] : [serviceWorker()]), precompress()],
    resolve: {
      alias: { '@': path.resolve(import.meta.dirname, 'src') },
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
      assetsInlineLimit: 2048,
      rolldownOptions: {
        output: {
          codeSplitting: { groups: VENDOR_GROUPS },
        },
      },
    },
  };
});
