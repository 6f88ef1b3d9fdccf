import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import type { Plugin } from 'vite';
import { fillIndexShell, writePageShells } from './scripts/page-shells-build.ts';
import { graphqlPreparse, graphqlWebClient } from './scripts/graphql-preparse.ts';

/**
 * The prerendered shell (src/views/shell/page-shells.ts): index.html's marker becomes the generic shell, and the
 * build writes dist/shells/ (one HTML file per static route path, with its title, preloads and heading).
 */
function pageShells(): Plugin {
  let outDir = 'dist';
  let build = false;
  return {
    name: 'page-shells',
    configResolved(config) {
      outDir = config.build.outDir;
      build = config.command === 'build' && !config.build.ssr;
    },
    transformIndexHtml: { order: 'pre', handler: (html) => fillIndexShell(html) },
    closeBundle() {
      if (build) writePageShells(outDir);
    },
  };
}

/**
 * V8's explicit compile hint for the entry chunk (`//# allFunctionsCalledOnLoad`, Chromium 136+; other engines
 * read a comment): its functions are compiled eagerly on the script-streaming thread while the file downloads,
 * instead of one by one on the main thread the first time each runs. Almost all of the entry (react-dom, the
 * router, query, xstate) runs during the first load (docs/architecture.md#performance).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
function entryCompileHint(): Plugin {
  return {
    name: 'entry-compile-hint',
    apply: 'build',
    // after Vite's own additions to the entry (its preload table goes first): the comment must open the file
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !file.isEntry) continue;
          file.code = `${COMPILE_HINT}\n${file.code}`;
          // the source map's lines move down by one: an empty first line in its mappings
          const map = bundle[`${file.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
          if (file.map) file.map.mappings = `;${file.map.mappings}`;
        }
      },
    },
  };
}

/**
 * Modules most routes load that are cheaper in the entry's one file than as a chunk of their own (issue 32,
 * docs/architecture.md#performance): a shared chunk of a few hundred bytes costs each route that loads it about
 * 150-250 B of gzip overhead and preload-table entries, while the module in the entry costs every route its
 * compressed code only. Each one measured with scripts/bundle-size.ts before it was listed.
 */
export const ENTRY_SHARED = /[\\/]src[\\/]services[\\/]redirect\.ts$/;

/**
 * Modules that rolldown puts in separate chunks although every route that loads one loads the others (they differ
 * only in which later, lazy imports reach them): one file each here, so the routes that load them pay one file's
 * gzip overhead instead of two or three (issue 32, docs/architecture.md#performance). Only the modules listed,
 * not their imports (`includeDependenciesRecursively: false`), so no other route loads them.
 */
const path = (...parts: string[]) => new RegExp(`[\\\\/](${parts.join('|').replaceAll('/', '[\\\\/]').replaceAll('.', '\\.')})$`);
export const SAME_ROUTES = [
  // the 11 card and payment-method pages
  { name: 'cards', test: path('contracts/cards.ts', 'src/services/cards/queries.ts', 'machines/cards-flow.ts') },
  // the 9 menu and ordering pages: the cart actor
  { name: 'cart', test: path('src/routes/-ordering/use-cart.ts', 'src/services/cart.ts', 'machines/cart.machine.ts', 'machines/ordering-types.ts') },
  // the order tracker and the store's order list: the live feed and the status rules
  { name: 'tracker', test: path('machines/feed-backoff.ts', 'machines/live-feed.machine.ts', 'contracts/order-status.ts', 'contracts/order-status-messages.ts', 'src/services/ordering/order-events.ts', 'src/services/ordering/tracker.ts', 'src/services/ordering/feed-browser.ts', 'machines/order-status-rules.ts') },
  // the menu lists and the product pages: allergen and stock rules
  { name: 'stock', test: path('machines/allergen-rules.ts', 'machines/stock-rules.ts') },
  // the cart, guest checkout, product and curbside pages: ordering's texts and the choice tiles
  { name: 'ordering-texts', test: path('contracts/ordering-messages.ts', 'contracts/ordering-texts.ts', 'src/views/shared/ChoiceTiles.tsx') },
  // the 13 GraphQL pages: the urql client (with graphql.web and wonka) and the cart's texts
  { name: 'graphql', test: path('src/services/graphql.ts', 'src/graphql/document.ts', 'src/graphql/graphql-web-client.ts', 'contracts/error-extensions.ts', 'node_modules/@0no-co/graphql.web/dist/graphql.web.mjs', 'node_modules/wonka/dist/wonka.mjs', 'node_modules/@urql/core/dist/urql-core-chunk.mjs', 'node_modules/@urql/core/dist/urql-core.mjs', 'contracts/cart-texts.ts') },
  // sign-in and account creation: the analytics event, the account variants and the cookie consent they read
  { name: 'account-entry', test: path('src/services/analytics.ts', 'src/views/account/variants.ts', 'contracts/cookie-names.ts', 'src/services/cookie-consent.ts') },
  // the two store locators: the page, its machines and views, and the map maths (which the lazy map chunk imports too)
  {
    name: 'locator',
    test: path(
      'src/services/locator-messages.ts', 'machines/locator-select.ts', 'machines/locator-types.ts', 'machines/locator.setup.ts',
      'machines/locator.machine.ts', 'machines/locator-map.ts', 'machines/favorite-store.machine.ts', 'machines/store-filters.machine.ts',
      'machines/store-details.machine.ts', 'src/services/locator.actors.ts', 'src/services/map/camera.ts', 'src/services/map/map-adapter.ts',
      'src/views/locator/map-start.ts', 'src/views/locator/StoreMap.tsx', 'src/views/locator/PlaceSearch.tsx', 'src/views/locator/FilterOverlay.tsx',
      'src/views/locator/MapControls.tsx', 'src/views/locator/StoreCard.tsx', 'src/views/locator/StoreResults.tsx',
      'src/views/locator/locator-overlays.ts', 'src/views/locator/LocatorView.tsx', 'src/routes/-locator/LocatorPage.tsx',
    ),
  },
];

/**
 * The modules statically reachable from the entry (rolldown's `$initial` tag, which a group's `name` function
 * cannot read), read from the module graph once it is complete, before the chunks are made.
 */
const initialModules = new Set<string>();
function entryModules(): Plugin {
  return {
    name: 'entry-modules',
    apply: 'build',
    buildEnd() {
      initialModules.clear();
      const walk = (id: string) => {
        if (initialModules.has(id)) return;
        initialModules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
    },
  };
}

// The API server (server/main.ts) serves dist/ and the API on one origin in production.
// In development `npm run dev` runs Vite in middleware mode inside that same server,
// so there is no proxy and no second origin.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // a route's loader travels with its component (one chunk, no extra round trip): what only the loader needs
      // (query functions, API clients, contracts) stays out of the entry (docs/architecture.md#performance)
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    // GraphQL documents parsed here, not at a chunk's evaluation; graphql.web's parser and printer out of the bundle
    // (scripts/graphql-preparse.ts, docs/architecture.md#performance)
    graphqlPreparse(),
    graphqlWebClient(),
    react(),
    pageShells(),
    entryCompileHint(),
    entryModules(),
  ],
  build: {
    outDir: 'dist',
    // maps are written for profiling and error tracking, not advertised to browsers: a chunk's trailing
    // sourceMappingURL comment costs its length on every first load (docs/architecture.md#performance)
    sourcemap: 'hidden',
    // no modulepreload polyfill in the entry: every browser the app supports but Safari 16 has modulepreload, and
    // there the links are ignored and the modules load by their imports (docs/architecture.md#performance)
    modulePreload: { polyfill: false },
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk (not about twenty small ones): on a first visit the
        // browser fetches the entry, that chunk and the CSS, then the page's own chunks (docs/architecture.md#performance)
        // A few small modules that most routes load join it too (ENTRY_SHARED): as a chunk of their own each cost
        // every route that loads it a file's gzip overhead and a name in the preload table, more than its code.
        codeSplitting: {
          groups: [
            { name: (id) => (initialModules.has(id) || ENTRY_SHARED.test(id) ? 'app' : null) },
            ...SAME_ROUTES.map(({ name, test }) => ({ name, test, includeDependenciesRecursively: false })),
          ],
        },
        // Short chunk names: every chunk's name is written in the entry's preload table and in each import of it, so
        // a name costs its length on every first load (docs/architecture.md#performance). The map's chunks keep theirs.
        chunkFileNames: (chunk) => (/map|gl-adapter/.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js'),
        assetFileNames: (asset) => (asset.names.some((n) => n.endsWith('.css')) && !asset.names.some((n) => /map|gl-adapter/.test(n)) ? 'assets/c-[hash][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
});
