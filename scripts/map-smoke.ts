/**
 * Map smoke check in a real Chromium, offline: builds scripts/map-harness (only the StoreMap), serves it
 * on 127.0.0.1, blocks every request to any other host, and checks that the map renders (land, water
 * and store pins), that pins are accessible buttons, that clustering kicks in with 500 stores, that a
 * pin click selects and that user drags report a move while programmatic moves do not.
 * Screenshots go to test-results/map/.
 *   node --import tsx scripts/map-smoke.ts
 * Chromium: CHROMIUM_PATH or /usr/bin/chromium, with the flags of playwright.config.ts.
 */
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from '@playwright/test';

export const MAP_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

const outDir = path.resolve('.cache/map-harness');
const shots = path.resolve('test-results/map');

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

async function serve(dir: string) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(dir, url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname));
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  return { server, origin: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` };
}

function check(ok: boolean, what: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
}

/** Share of sampled canvas pixels close to a colour (the map's own pixels, read back from WebGL). */
async function colourShare(page: Page, hex: string): Promise<number> {
  const png = await page.locator('.store-map-canvas canvas').screenshot();
  return page.evaluate(
    async ({ data, hex }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
      let hit = 0;
      let n = 0;
      for (let i = 0; i < px.length; i += 4 * 97) {
        n++;
        if (Math.abs(px[i]! - r) + Math.abs(px[i + 1]! - g) + Math.abs(px[i + 2]! - b) < 24) hit++;
      }
      return hit / n;
    },
    { data: png.toString('base64'), hex },
  );
}

async function main() {
  await build({
    configFile: false,
    root: path.resolve('scripts/map-harness'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  });
  await mkdir(shots, { recursive: true });
  const { server, origin } = await serve(outDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: MAP_CHROMIUM_ARGS });
  const external: string[] = [];
  try {
    const open = async (query: string) => {
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning' ? console.log(`  [browser ${m.type()}] ${m.text()}`) : undefined));
      page.on('pageerror', (e) => console.log(`  [pageerror] ${e.message}`));
      await page.route('**/*', (route) => {
        const u = route.request().url();
        if (u.startsWith(origin) || u.startsWith('blob:') || u.startsWith('data:')) return route.continue();
        external.push(u);
        return route.abort();
      });
      await page.goto(`${origin}/?${query}`);
      await page.locator('.store-map--ready').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(800);
      return page;
    };

    // 1. a city with 40 stores, one selected
    let page = await open('n=40&zoom=10.5&selected=3');
    await page.screenshot({ path: path.join(shots, 'city-40-stores.png') });
    const pins = page.getByRole('button', { name: /^Store \d+$/ });
    check((await pins.count()) === 40, `40 store pins as buttons (got ${await pins.count()})`);
    check((await page.getByRole('button', { name: 'Store 4', pressed: true }).count()) === 1, 'the selected pin has aria-pressed=true');
    check((await page.locator('.store-marker--selected').count()) === 1, 'one selected pin');
    const landShare = await colourShare(page, '#f3f0e8');
    check(landShare > 0.2, `land colour drawn (${(landShare * 100).toFixed(0)}% of the canvas)`);
    const waterShare = await colourShare(page, '#c5dde6');
    check(waterShare > 0.02, `water colour drawn (${(waterShare * 100).toFixed(0)}% of the canvas)`);

    // hover + click
    await page.getByRole('button', { name: 'Store 10', exact: true }).hover();
    await page.waitForTimeout(100);
    check((await page.locator('.store-marker--highlighted').count()) === 1, 'hovering a pin highlights it (via onMarkerHover)');
    await page.getByRole('button', { name: 'Store 10', exact: true }).click();
    await page.waitForTimeout(100);
    check((await page.getByRole('button', { name: 'Store 10', exact: true, pressed: true }).count()) === 1, 'clicking a pin selects it (via onMarkerClick)');
    await page.mouse.move(900, 650);
    await page.screenshot({ path: path.join(shots, 'city-selected.png') });

    // programmatic move: not reported
    const moves = () => page.evaluate(() => (window as unknown as { __map: { moves: unknown[] } }).__map.moves.length);
    await page.evaluate(() => (window as unknown as { __map: { setView(v: object): void } }).__map.setView({ lat: 47.7, lng: -122.2, zoom: 12 }));
    await page.waitForTimeout(1500);
    check((await moves()) === 0, 'a programmatic ease is not reported as a user move');
    // user drag: reported
    await page.mouse.move(500, 350);
    await page.mouse.down();
    await page.mouse.move(420, 300, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(1500);
    check((await moves()) === 1, `a drag is reported once (got ${await moves()})`);
    // wheel: reported
    await page.mouse.move(500, 350);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(1500);
    check((await moves()) === 2, `a wheel zoom is reported (got ${await moves()})`);
    await page.close();

    // 2. 500 stores over a region: clusters
    page = await open('n=500&zoom=9&spread=1.2');
    await page.screenshot({ path: path.join(shots, 'region-500-stores-clustered.png') });
    const clusters = await page.locator('.store-cluster').count();
    const singles = await page.locator('.store-marker').count();
    check(clusters > 0 && singles < 500, `500 stores cluster (${clusters} clusters, ${singles} single pins)`);
    const before = await page.locator('.store-cluster').count();
    const target = await page.evaluate(() => {
      const inView = [...document.querySelectorAll('.store-cluster')].map((el) => el.getBoundingClientRect()).filter((r) => r.left > 100 && r.top > 100 && r.right < innerWidth - 100 && r.bottom < innerHeight - 100);
      const r = inView[0];
      return r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
    });
    check(!!target, 'a cluster is on screen');
    await page.mouse.click(target!.x, target!.y);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(shots, 'region-after-cluster-click.png') });
    check((await page.locator('.store-cluster').count()) !== before || (await page.locator('.store-marker').count()) !== singles, 'clicking a cluster zooms in');
    check((await moves()) === 1, 'a cluster click zoom is reported as the user\'s move');
    await page.close();

    // 3. fit the stores, world view for the land/borders style
    page = await open('n=60&zoom=3&lat=40&lng=-40&fit=1&spread=6');
    await page.screenshot({ path: path.join(shots, 'fit-bounds.png') });
    const zoomAfterFit = await page.evaluate(() => (window as unknown as { __map: { moves: unknown[] } }).__map.moves.length);
    check(zoomAfterFit === 0, 'fitBounds is programmatic (not reported)');
    await page.close();
    // the style at zoom 3: Europe, and the antimeridian and the pole (rings that cross 180° or go round the pole)
    for (const [name, q] of [
      ['world-europe-zoom-3', 'lat=48&lng=10'],
      ['world-bering-zoom-3', 'lat=62&lng=180'],
      ['world-south-pacific-zoom-3', 'lat=-55&lng=170'],
    ] as const) {
      page = await open(`n=0&zoom=3&${q}`);
      await page.screenshot({ path: path.join(shots, `${name}.png`) });
      await page.close();
    }

    check(external.length === 0, `no request left the origin${external.length ? `: ${external.slice(0, 3).join(', ')}` : ''}`);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`screenshots in ${shots}`);
}

await main();
