import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test projects (all run by `npm run test:unit`; pick one with `npx vitest run --project server`):
 * - model:  model-based path tests of every machine (machines/__tests__)
 * - views:  view tests in jsdom along the same paths (src/**)
 * - server: API tests on PGlite and PostgreSQL (server/**), seeded template databases from global-setup
 * - tools:  contracts and scripts (statecharts.md freshness, serialisability)
 */
export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'model', include: ['machines/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'views', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['src/test/setup.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          pool: 'forks',
          env: { APP_ENV: 'test', PASSWORD_HASH_LOG_N: '12', PASSWORD_HASH_ARGON2_MEMORY_KIB: '256', PASSWORD_HASH_ARGON2_TIME: '1' },
        },
      },
      { extends: true, test: { name: 'tools', include: ['contracts/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
