import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './scripts/free-port.ts';
import { e2eDatabaseUrl } from './scripts/e2e-database.ts';

/**
 * End-to-end tests in Debian's Chromium against the BUILT app served by the REAL server
 * (server/main.ts) on a free port, with a fresh database seeded on first start: a new PostgreSQL database on
 * 127.0.0.1:5432 when it answers, else a PGlite folder (scripts/e2e-database.ts says why; E2E_DATABASE=pglite forces it).
 * `npm run test:e2e` builds first. Browsers are never downloaded: CHROMIUM_PATH or /usr/bin/chromium.
 */

// The runner evaluates this file first and its workers inherit process.env, so all agree on one port.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = path.join(mkdtempSync(path.join(tmpdir(), 'harbor-e2e-')), 'data');
if (process.env.E2E_DATABASE_URL === undefined) process.env.E2E_DATABASE_URL = (await e2eDatabaseUrl()) ?? '';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // WebGL through SwiftShader (software) so the map renders with --disable-gpu
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  // Debian's /usr/bin/chromium wrapper adds --enable-gpu-rasterization: page raster through SwiftShader costs CPU
  '--disable-gpu-rasterization',
  // on a loaded 2-core machine the GPU process (SwiftShader) can miss its watchdog deadline; Chromium then kills it,
  // and after a few such crashes turns WebGL off for the browser: every later map test saw "Map unavailable"
  '--disable-gpu-watchdog',
  '--disable-gpu-process-crash-limit',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // in CI also a JSON report of every test's duration: .ci/run prints the time per spec file and the longest tests
  // from it (scripts/ci-timings.ts)
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }], ['json', { outputFile: `${process.env.CI_TIMINGS_DIR ?? 'test-results'}/e2e.json` }]] : [['list']],
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    // a trace records every action's screenshots and DOM snapshots: in CI only the retry of a failed test records one
    // (CI retries once), which took a quarter of the run's CPU time when every test recorded it (docs/testing.md
    // "CI time"); locally every failure keeps its trace
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium' }],
  globalTeardown: './e2e/global-teardown.ts',
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      APP_ENV: 'test',
      DEV_TOOLS: 'true',
      // the suite creates over 50 members over the API; e2e/fixtures.ts apiCreateAccount sends each creation as a
      // client behind this trusted proxy (its own X-Forwarded-For), so the 50-per-IP-per-hour limit stays on
      TRUST_PROXY: 'loopback',
      ENABLE_IN_APP_DELIVERY: 'true',
      // the gift purchase visibly polls through EPROMISERETRY (e2e/gifting-purchase.spec.ts; docs/gifting.md 5)
      GIFT_WORKER_DELAY_MS: '2500',
      GIFT_STATUS_DELAY_MS: '300',
    },
  },
});
