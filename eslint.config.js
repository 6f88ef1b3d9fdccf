import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Areas (docs/architecture.md#one-place-per-flow): the folders inside src/views, src/services and src/routes (`-<area>`).
// An area imports its own files, the shared UI kit (src/views/shared), the shell, and another area's public modules in
// src/services; never another area's views or route helpers.
const foldersOf = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const viewAreas = foldersOf('./src/views/').filter((a) => a !== 'shared' && a !== 'shell');
const routeAreas = foldersOf('./src/routes/').filter((a) => a.startsWith('-'));
const viewApi = { group: ['**/services/api*', '**/services/graphql*', 'urql', '@urql/*'], message: 'Views never call the API.' };
const otherViewAreas = (self) => ({
  group: viewAreas.filter((a) => a !== self).flatMap((a) => [`../${a}/*`, `**/views/${a}/*`]),
  message: 'One area never imports another area\'s views: move what both use to src/views/shared/ (docs/architecture.md#one-place-per-flow).',
});
const routeRestrictions = {
  paths: [{ name: 'xstate', importNames: ['fromPromise', 'fromCallback', 'fromObservable'], message: 'No actors in route files: write them in src/services/<area>/<flow>.ts.' }],
  patterns: [
    { group: ['**/services/api', '**/services/api.ts', '**/services/graphql', '**/services/graphql.ts', '**/*.api', '**/*.api.ts', 'urql', '@urql/*'], message: 'No API calls in route files: use the flow module in src/services/<area>/<flow>.ts.' },
    { group: ['**/*.graphql.ts'], importNamePattern: '^(documents|answers|get|create|add|delete|update|submit|price|cardsGraphql)', message: 'No API calls in route files: import the queryOptions or actors of src/services/<area>/<flow>.ts.' },
    { group: ['**/services/cards.actors.ts'], importNames: ['cardsApi'], message: 'No API calls in route files: use src/services/cards/queries.ts.' },
  ],
};

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
      'no-restricted-imports': ['error', { patterns: [viewApi] }],
    },
  },
  // The area zones: a view area's files (tests apart: a test may render what a link leads to) import no other area's
  // views; the shared kit imports no area at all.
  ...viewAreas.map((area) => ({
    files: [`src/views/${area}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [viewApi, otherViewAreas(area)] }] },
  })),
  {
    files: ['src/views/shared/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [viewApi, { ...otherViewAreas(null), message: 'The shared UI kit imports no area.' }] }] },
  },
  {
    // Routes validate params, prefetch reads in loaders and start machines: no actors and no API calls here. Actors,
    // requests and queryOptions live in src/services/<area>/<flow>.ts (docs/architecture.md#one-place-per-flow).
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Routes never fetch: put the request in src/services/<area>/<flow>.ts.' }],
      'no-restricted-imports': ['error', routeRestrictions],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.object.name=/Api$/]", message: 'No API calls in route files: use the flow module in src/services/<area>/<flow>.ts.' }],
    },
  },
  // The area zones of the route helpers: src/routes/-<area>/ imports no other area's helpers.
  ...routeAreas.map((area) => ({
    files: [`src/routes/${area}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...routeRestrictions,
          patterns: [
            ...routeRestrictions.patterns,
            { group: routeAreas.filter((a) => a !== area).map((a) => `../${a}/*`), message: 'One area never imports another area\'s route helpers: share through src/services (docs/architecture.md#one-place-per-flow).' },
          ],
        },
      ],
    },
  })),
  {
    // Machines are pure: no React, no clients, no fetch.
    files: ['machines/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Machines are pure; provide actors from src/services.' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '**/services/*', '**/src/*', 'urql', '@urql/*'], message: 'Machines are pure.' }] }],
    },
  },
);
