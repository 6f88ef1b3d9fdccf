import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { existingHub } from './ordering/stream.ts';
import { applyHttpTimeouts, DataDirLockedError, gracefulShutdown, httpTimeouts, installSignals, openDatabase, shutdownOptions } from './lifecycle.ts';
import { isLoopbackHost, loadConfig, loadServerSettings } from './config.ts';
import { createApp } from './app.ts';
import type { AppEnv } from './http/types.ts';
import { serveDist } from './http/static.ts';
import { inlineStyleSources } from './http/page-shell.ts';
import { pageHtml } from './http/product-shell.ts';
import { contentSecurityPolicy } from './http/headers.ts';
import { clientOf } from './http/client.ts';
import { compressResponses } from './http/compress.ts';
import { msSetting, watchEventLoop, watchSlowRequests } from './http/stall-log.ts';
import { startHangWatchdog } from './http/hang-watchdog.ts';
import { DEFAULT_DB_STALL_EXIT_MS, startDbStallGuard } from './db/stall-guard.ts';
import { warmLocatorCaches } from './locator/warm-caches.ts';
import { upgradePinHashes } from './cards/pin-hash.ts';
import { giftSettings } from './gifting/settings.ts';
import { startGiftWorker, type GiftWorker } from './gifting/worker.ts';
import { startOutboxDispatcher } from './outbox/dispatcher.ts';
import { smtpSettings } from './outbox/smtp.ts';
import { expirySettings, startExpiryScheduler } from './rewards/expiry-scheduler.ts';

/**
 * One process: the built app (dist/) and the API on one origin.
 * PORT (default 3000); DATA_DIR (default ./data) for the embedded PGlite database,
 * or DATABASE_URL for a PostgreSQL server. The database is created, migrated and seeded on first start.
 */
export async function start(env: NodeJS.ProcessEnv = process.env, opts: { signals?: boolean } = {}) {
  const started = Date.now();
  const config = loadConfig(env);
  const timeouts = httpTimeouts(env); // checked before the database opens
  const gift = giftSettings(env); // GIFT_* checked before the database opens too
  const smtp = smtpSettings(env); // SMTP_URL, SMTP_FROM, OUTBOX_POLL_MS: the same
  const expiry = expirySettings(env); // STARS_EXPIRY_*: the same
  // data-folder lock, migrations + seed under an advisory lock, cache invalidation (server/lifecycle.ts)
  const { db, close: closeDb } = await openDatabase(env);
  // physical-card PINs: any unsalted SHA-256 left (migrations 002/006, a copied seed snapshot) wrapped in the keyed hash
  await upgradePinHashes(db);
  // outbox mail over SMTP, only with SMTP_URL (server/outbox/dispatcher.ts); stopped before the database closes
  const outboxDispatcher = await startOutboxDispatcher(db, smtp);

  // the gift worker fulfils accepted purchases (server/gifting/worker.ts); GIFT_WORKER=off: this process only accepts
  const giftWorker: GiftWorker | null = gift.worker
    ? startGiftWorker(db, { pollMs: gift.pollMs, holdAfterChargeMs: gift.holdAfterChargeMs, log: (line) => console.error(`[server] ${line}`) })
    : null;

  // Stars expiry: every process polls, one run at a time across processes (scheduled_jobs lease,
  // server/rewards/expiry-scheduler.ts); stopped (the run in flight finished) before the database closes
  const expiryScheduler = startExpiryScheduler(db, expiry, (line) => console.error(`[server] ${line}`));

  const settings = loadServerSettings(env);
  // stops filling the open-status cache (below) before the database closes
  const filling = new AbortController();
  const api = createApp({ db, config, server: settings, gift });
  const root = new Hono<AppEnv>();
  const distDir = env.DIST_DIR ?? 'dist';

  // slow requests (below, on the HTTP server) and event-loop stalls are logged (server/http/stall-log.ts, docs/operations.md)
  const slowRequestMs = msSetting(env.SLOW_REQUEST_MS, 5000, 'SLOW_REQUEST_MS');
  const stopWatch = watchEventLoop(msSetting(env.EVENT_LOOP_STALL_MS, 2000, 'EVENT_LOOP_STALL_MS'), msSetting(env.EVENT_LOOP_CHECK_MS, 10_000, 'EVENT_LOOP_CHECK_MS') || 10_000);
  // brotli/gzip for JSON and HTML in one zlib call (server/http/compress.ts); dist/ files come precompressed
  root.use('*', compressResponses({ threshold: 1024 }));
  root.use('/healthz', (c, next) => lifecycle.healthGate(c, next));
  // the first list search starts filling the open-status cache with every store's hours and reading the stores into
  // memory, in the background (server/locator/warm-caches.ts; docs/locator.md "Performance")
  const warmLocator = warmLocatorCaches(db, { signal: filling.signal, log: (line, error) => (error ? console.error : console.log)(`[server] ${line}`) });
  root.use('/apiproxy/v1/locations/*', async (c, next) => {
    warmLocator();
    await next();
  });
  root.route('/', api);
  // dist/ files, precompressed at build (br/gzip by Accept-Encoding); a missing /assets/ file is a 404
  root.use('/*', serveDist({ root: distDir }));
  // SPA: any other GET renders the app shell (the page's own where the build wrote one: server/http/page-shell.ts);
  // the client router decides (and shows not-found).
  const shellConfigOff = new Set(config.enableInAppDelivery ? [] : ['enableInAppDelivery']);
  root.get('*', async (c) => {
    // a product page of the menu gets its product's top (server/http/product-shell.ts), the others their shell
    const html = await pageHtml(distDir, new URL(c.req.url), { db, brandName: config.brand.name, configOff: shellConfigOff });
    if (!html) return c.text('The app is not built. Run `npm run build` (npm start does this).', 503);
    c.header('Cache-Control', 'no-cache');
    // a page with the stylesheets its top needs inline: the policy allows those (securityHeaders keeps a set one)
    const styles = inlineStyleSources(html);
    if (styles.length > 0) c.header('Content-Security-Policy', contentSecurityPolicy(config, clientOf(c).secure, styles));
    return c.html(html);
  });

  const port = Number(env.PORT ?? 3000);
  // HOST (default 127.0.0.1): set HOST=0.0.0.0 to listen beyond this machine
  const server = serve({ fetch: root.fetch, port, hostname: settings.host });
  // idle keep-alive connections outlive a load balancer's (65 s by default, not Node's 5 s): server/lifecycle.ts
  applyHttpTimeouts(server as Server, timeouts);
  // from the request's headers to the last byte of its response, not only the app's handler
  watchSlowRequests(server as Server, slowRequestMs);
  const lifecycle = gracefulShutdown(
    server as Server,
    shutdownOptions(env, async () => {
      filling.abort();
      // stop claiming purchases and finish the one in flight before the database closes
      await giftWorker?.stop();
      await outboxDispatcher?.stop();
      await expiryScheduler?.stop();
      await existingHub(db)?.stop();
      await closeDb();
    },
      // open order-status streams end at the signal (docs/order-status.md 3.4), not at the deadline
      () => existingHub(db)?.endAll(),
    ),
  );
  // SIGTERM / SIGINT: drain and exit within SHUTDOWN_TIMEOUT_MS (server/lifecycle.ts), from before the ready line on
  if (opts.signals) installSignals(lifecycle.shutdown);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shown = isLoopbackHost(settings.host) ? 'localhost' : settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  console.log(`[server] ready in ${Date.now() - started} ms: http://${shown}:${actualPort}/ (database: ${db.kind}, listening on ${settings.host})`);
  console.log(
    config.devTools
      ? `[server] outbox (mail and SMS the app would send; this machine only): http://localhost:${actualPort}/dev/outbox`
      : `[server] outbox viewer off (${config.env === 'production' ? 'production' : 'HOST beyond loopback: DEV_TOOLS=1 turns it on'}); messages stay in the outbox table`,
  );

  const stop = async () => {
    filling.abort();
    stopWatch();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await giftWorker?.stop();
    await outboxDispatcher?.stop();
    await expiryScheduler?.stop();
    await existingHub(db)?.stop();
    await closeDb();
  };
  return { port: actualPort, stop, db, shutdown: lifecycle.shutdown, expiryScheduler };
}

/** Starts the server with signal handling; a locked PGlite data folder is a message and exit code 1, not a stack. */
export async function main() {
  const { db } = await start(process.env, { signals: true }).catch((e: unknown) => {
    if (!(e instanceof DataDirLockedError)) throw e;
    console.error(`[server] not started: ${e.message}`);
    process.exit(1);
  });
  // a process whose event loop stays blocked (a PGlite query that never returns) ends itself (server/http/hang-watchdog.ts)
  startHangWatchdog(msSetting(process.env.HANG_EXIT_MS, DEFAULT_HANG_EXIT_MS, 'HANG_EXIT_MS'));
  // ... and so does one whose PGlite has stopped answering while the event loop runs (server/db/stall-guard.ts)
  if (db.kind === 'pglite') startDbStallGuard(db, { limitMs: msSetting(process.env.DB_STALL_EXIT_MS, DEFAULT_DB_STALL_EXIT_MS, 'DB_STALL_EXIT_MS') });
}

/** HANG_EXIT_MS: a minute without one turn of the event loop, far beyond any request's work (docs/operations.md). */
export const DEFAULT_HANG_EXIT_MS = 60_000;

// `node --import tsx server/main.ts`, `node dist-server/main.js`; scripts/start.mjs (npm start) imports it and calls main()
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href || process.argv[1]?.endsWith('server/main.ts')) await main();
