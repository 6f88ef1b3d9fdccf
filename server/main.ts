import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { openDb } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { loadConfig } from './config.ts';
import { createApp } from './app.ts';
import type { AppEnv } from './http/types.ts';
import { serveDist } from './http/static.ts';

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

  const api = createApp({ db, config });
  const root = new Hono<AppEnv>();
  const distDir = env.DIST_DIR ?? 'dist';
  // read per request (a small file): a rebuild while the server runs serves the new asset names at once
  const indexHtml = async () => {
    const file = path.join(distDir, 'index.html');
    return existsSync(file) ? readFile(file, 'utf8') : null;
  };

  // gzip/deflate for JSON and HTML; dist/ files come precompressed (server/http/static.ts)
  root.use('*', compress({ threshold: 1024 }));
  root.route('/', api);
  // dist/ files, precompressed at build (br/gzip by Accept-Encoding); a missing /assets/ file is a 404
  root.use('/*', serveDist({ root: distDir }));
  // SPA: any other GET renders the app shell; the client router decides (and shows not-found).
  root.get('*', async (c) => {
    const html = await indexHtml();
    if (!html) return c.text('The app is not built. Run `npm run build` (npm start does this).', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });

  const port = Number(env.PORT ?? 3000);
  const server = serve({ fetch: root.fetch, port, hostname: env.HOST ?? '0.0.0.0' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`[server] ready in ${Date.now() - started} ms: http://localhost:${actualPort}/ (database: ${db.kind})`);

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
