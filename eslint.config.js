import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', '.probe', 'data', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', '.cache'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Views only render snapshots and send events: no fetch, no API client.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Views never fetch: use a machine actor from src/services.' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/services/api*', '**/services/graphql*', 'urql', '@urql/*'], message: 'Views never call the API.' }] }],
    },
  },
  {
    // Machines are pure: no React, no clients, no fetch.
    files: ['machines/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Machines are pure; provide actors from src/services.' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '**/services/*', '**/src/*', 'urql', '@urql/*'], message: 'Machines are pure.' }] }],
    },
  },
);
