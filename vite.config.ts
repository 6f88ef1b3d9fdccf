import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import type { Plugin } from 'vite';
import { fillIndexShell, writePageShells } from './scripts/page-shells-build.ts';

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
    react(),
    pageShells(),
  ],
  build: {
    outDir: 'dist',
    // maps are written for profiling and error tracking, not advertised to browsers: a chunk's trailing
    // sourceMappingURL comment costs its length on every first load (docs/architecture.md#performance)
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk (not about twenty small ones): on a first visit the
        // browser fetches the entry, that chunk and the CSS, then the page's own chunks (docs/architecture.md#performance)
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        // Short chunk names: every chunk's name is written in the entry's preload table and in each import of it, so
        // a name costs its length on every first load (docs/architecture.md#performance). The map's chunks keep theirs.
        chunkFileNames: (chunk) => (/map|gl-adapter/.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js'),
        assetFileNames: (asset) => (asset.names.some((n) => n.endsWith('.css')) && !asset.names.some((n) => /map|gl-adapter/.test(n)) ? 'assets/c-[hash][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
});
