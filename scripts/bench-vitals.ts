/**
 * `npm run bench:vitals`: Lighthouse (mobile preset: the default config, with its simulated throttling)
 * against the BUILT app served by the real server (server/main.ts) on a free port with a fresh data folder,
 * in Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium). Prints each page's performance score,
 * FCP/LCP/TBT/CLS, and the target, and the first-route JavaScript against the framework floor
 * (scripts/bundle-size.ts). Run `npm run build` first (the script says so if dist/ is missing).
 *
 * Figures are for comparison within one run on one machine (a busy machine lowers every score).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstRouteBytes, frameworkFloorBytes } from './bundle-size.ts';
import { freePort } from './free-port.ts';

const PAGES: Array<{ path: string; target: number; routeFile: string }> = [
  { path: '/store-locator', target: 90, routeFile: 'src/routes/store-locator.tsx' },
  { path: '/account/signin', target: 95, routeFile: 'src/routes/account.signin.tsx' },
  { path: '/menu', target: 95, routeFile: 'src/routes/menu.index.tsx' },
];
const RUNS = Number(process.env.VITALS_RUNS ?? 1);


async function waitFor(url: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-vitals-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'data'), APP_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
let chrome: chromeLauncher.LaunchedChrome | null = null;
try {
  await waitFor(`${base}/healthz`, 300_000);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
  });
  const floor = await frameworkFloorBytes();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset against ${base}\n`);
  console.log('page               score  target  FCP      LCP      TBT      CLS    JS entry+route (x floor ' + kb(floor) + ', target <= 1.25)');
  let failed = 0;
  for (const p of PAGES) {
    const scores: Array<{ score: number; fcp: number; lcp: number; tbt: number; cls: number }> = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${p.path}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      const lhr = result!.lhr;
      const a = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      scores.push({ score: Math.round((lhr.categories.performance?.score ?? 0) * 100), fcp: a('first-contentful-paint'), lcp: a('largest-contentful-paint'), tbt: a('total-blocking-time'), cls: a('cumulative-layout-shift') });
    }
    scores.sort((x, y) => x.score - y.score);
    const m = scores[Math.floor(scores.length / 2)]!;
    const js = await firstRouteBytes('dist', p.routeFile);
    const ratio = js.totalGz / floor;
    const ok = m.score >= p.target && ratio <= 1.25;
    if (!ok) failed++;
    console.log(
      `${p.path.padEnd(18)} ${String(m.score).padStart(5)}  >= ${p.target}   ${(m.fcp / 1000).toFixed(2).padStart(5)} s  ${(m.lcp / 1000).toFixed(2).padStart(5)} s  ${Math.round(m.tbt).toString().padStart(5)} ms  ${m.cls.toFixed(3)}  ${kb(js.totalGz)} = ${ratio.toFixed(2)}x  ${ok ? 'ok' : 'BELOW TARGET'}`,
    );
  }
  console.log(failed ? `\n${failed} page(s) below target` : '\nall pages meet their targets');
} finally {
  if (chrome) chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
