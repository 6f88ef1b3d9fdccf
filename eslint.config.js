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
    // Routes validate params, prefetch reads in loaders and start machines: no actors and no API calls here. Actors,
    // requests and queryOptions live in src/services/<area>/<flow>.ts (docs/architecture.md#one-place-per-flow).
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Routes never fetch: put the request in src/services/<area>/<flow>.ts.' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'xstate', importNames: ['fromPromise', 'fromCallback', 'fromObservable'], message: 'No actors in route files: write them in src/services/<area>/<flow>.ts.' }],
          patterns: [
            { group: ['**/services/api', '**/services/api.ts', '**/services/graphql', '**/services/graphql.ts', '**/*.api', '**/*.api.ts', 'urql', '@urql/*'], message: 'No API calls in route files: use the flow module in src/services/<area>/<flow>.ts.' },
            { group: ['**/*.graphql.ts'], importNamePattern: '^(documents|answers|get|create|add|delete|update|submit|price|cardsGraphql)', message: 'No API calls in route files: import the queryOptions or actors of src/services/<area>/<flow>.ts.' },
            { group: ['**/services/cards.actors.ts'], importNames: ['cardsApi'], message: 'No API calls in route files: use src/services/cards/queries.ts.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.object.name=/Api$/]", message: 'No API calls in route files: use the flow module in src/services/<area>/<flow>.ts.' }],
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
