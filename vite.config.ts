import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk (not about twenty small ones): on a first visit the
        // browser fetches the entry, that chunk and the CSS, then the page's own chunks (docs/architecture.md#performance)
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
