import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './tools/eslint/layers.js';
import { privateAccess } from './tools/eslint/private-access.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-app/**',
      '**/dist-ssr/**',
      '**/dist-console/**',
      '**/data/**',
      '**/.tmp/**',
      'e2e/screenshots/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { kaijiang: layers },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'kaijiang/layers': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // A library's underscore fields and methods are its private internals: an upgrade changes
    // them without a word. Our own code has none, so every such name is a dependency's.
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/test/**', '**/test-faults/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...privateAccess()],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/scripts/**', 'e2e/**', 'tools/**', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Plain JavaScript that runs on Node (start/test set-up, the lint rule itself).
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  {
    // The results widget's own scripts run in other sites' pages and iframes, in the browser.
    files: ['apps/server/src/services/embed/public/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        location: 'readonly',
        crypto: 'readonly',
        WebSocket: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
  },
);
