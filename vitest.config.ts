import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import SuiteAwareSequencer from './server/test/sequencer.ts';

/**
 * Test projects (all run by `npm run test:unit`; pick one with `npx vitest run --project server`):
 * - model:  model-based path tests of every machine (machines/__tests__)
 * - views:  view tests in jsdom along the same paths (src/**)
 * - server: API tests on PGlite and PostgreSQL (server/**), seeded template databases from global-setup
 * - tools:  contracts and scripts (statecharts.md freshness, serialisability)
 *
 * Workers: vitest's default is one less than the cores, which is ONE worker on a 2-core CI machine: the second core
 * then idles while the model and view files (pure CPU) run one by one, and a server file waits on PostgreSQL. At
 * least two workers (more where there are more cores: the default) keep both cores busy; VITEST_MAX_WORKERS
 * overrides (docs/testing.md "CI time").
 */
export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    // on a fresh clone (no timings cached) a file's size counts the shared suite it imports: the fuzz files start first
    sequence: { sequencer: SuiteAwareSequencer },
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
          // the hang guard: a worker blocked by a stalled PGlite statement ends after TEST_HANG_MS (server/test/hang-guard.ts)
          setupFiles: ['server/test/setup.ts'],
          pool: 'forks',
          env: { APP_ENV: 'test', PASSWORD_HASH_LOG_N: '12', PASSWORD_HASH_ARGON2_MEMORY_KIB: '256', PASSWORD_HASH_ARGON2_TIME: '1' },
        },
      },
      { extends: true, test: { name: 'tools', include: ['contracts/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
