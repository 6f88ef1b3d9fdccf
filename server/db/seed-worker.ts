/**
 * The first start's migrations and seed on a fresh PGlite data folder, in a short-lived child process
 * (server/lifecycle.ts). The seed's working set (the gazetteer, the generated rows, the JSON batches) and the
 * WebAssembly memory PGlite grows during the bulk load and index builds are never handed back to the OS by a
 * live process: run here, they go away with it, and the serving process opens the seeded folder fresh
 * (docs/operations.md, "Start-up and memory"). This instance keeps PGlite's default buffer pool (openDb serving: false).
 * Input: the environment (DbSettings, SEED_STORE_COUNT); output: one IPC message, { result } or { error },
 * sent after the database is closed. Exits when the parent goes (IPC disconnect).
 */
import { openDb, type DbSettings } from './db.ts';
import { migrateAndSeed } from './migrate.ts';

const orphaned = () => process.exit(1);
process.once('disconnect', orphaned);
const env = process.env as NodeJS.ProcessEnv & DbSettings;
const send = (m: unknown) => new Promise<void>((resolve) => (process.send ? process.send(m, () => resolve()) : resolve()));
try {
  const db = await openDb(env, { serving: false });
  try {
    const result = await migrateAndSeed(db, { storeCount: env.SEED_STORE_COUNT ? Number(env.SEED_STORE_COUNT) : undefined });
    await db.close();
    await send({ result });
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }
} catch (e) {
  await send({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  process.exitCode = 1;
}
process.off('disconnect', orphaned);
process.disconnect?.();
