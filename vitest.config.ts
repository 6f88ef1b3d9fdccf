import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // view tests opt in with: // @vitest-environment jsdom
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['server/test/global-setup.ts'],
  },
});
