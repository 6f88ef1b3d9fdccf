import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { openDb } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { isLoopbackHost, loadConfig, loadServerSettings } from './config.ts';
import { createApp } from './app.ts';
import type { AppEnv } from './http/types.ts';

/**
 * One process: the built app (dist/) and the API on one origin.
 * PORT (default 3000); DATA_DIR (default ./data) for the embedded PGlite database,
 * or DATABASE_URL for a PostgreSQL server. The database is created, migrated and seeded on first start.
 */
export async function start(env: NodeJS.ProcessEnv = process.env) {
  const started = Date.now();
  const config = loadConfig(env);
  const db = await openDb({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR ?? './data' });
  const applied = await migrate(db);
  if (applied.length) console.log(`[db] applied ${applied.length} migration(s): ${applied.join(', ')}`);
  const seeded = await seedIfEmpty(db, { storeCount: env.SEED_STORE_COUNT ? Number(env.SEED_STORE_COUNT) : undefined });
  if (seeded) console.log(`[db] seeded ${seeded.stores} stores, ${seeded.places} places, ${seeded.users} demo accounts`);

  const settings = loadServerSettings(env);
  const api = createApp({ db, config, server: settings });
  const root = new Hono<AppEnv>();
  const distDir = env.DIST_DIR ?? 'dist';
  // read per request (a small file): a rebuild while the server runs serves the new asset names at once
  const indexHtml = async () => {
    const file = path.join(distDir, 'index.html');
    return existsSync(file) ? readFile(file, 'utf8') : null;
  };

  // gzip/deflate for JSON, HTML and the JS/CSS/data assets (the lazy map chunks are large)
  root.use('*', compress({ threshold: 1024 }));
  root.route('/', api);
  root.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  root.use('/*', serveStatic({ root: distDir }));
  // SPA: any other GET renders the app shell; the client router decides (and shows not-found).
  root.get('*', async (c) => {
    const html = await indexHtml();
    if (!html) return c.text('The app is not built. Run `npm run build` (npm start does this).', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });

  const port = Number(env.PORT ?? 3000);
  // HOST (default 127.0.0.1): set HOST=0.0.0.0 to listen beyond this machine
  const server = serve({ fetch: root.fetch, port, hostname: settings.host });
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
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  };
  return { port: actualPort, stop, db };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/main.ts')) {
  const running = await start();
  const shutdown = async () => {
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
