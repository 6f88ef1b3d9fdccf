import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { repoRoot } from './repo-root.ts';

// the sources' folder, also from the compiled server (dist-server/ and its chunks/, scripts/server-build.mjs)
const migrationsDir = path.join(repoRoot(), 'server', 'db', 'migrations');

/**
 * The PostgreSQL advisory lock key taken while migrating and seeding (any constant unique to this app;
 * 0x4842_4d47 is "HBMG"). Several processes starting together on one empty database queue on it: the first
 * migrates and seeds, the others then find schema_migrations and seed_info filled and do nothing.
 */
export const MIGRATION_LOCK_KEY = 0x4842_4d47;

/** Applies every migrations/*.sql not yet applied, in name order, each in its own transaction, under the migration lock. */
export async function migrate(db: Db): Promise<string[]> {
  return db.exclusive(MIGRATION_LOCK_KEY, () => applyMigrations(db));
}

/**
 * Startup: migrations, then the seed of an empty database, both under the migration lock (so a process never
 * serves a half-migrated or half-seeded database, and two processes never both run a migration).
 */
export async function migrateAndSeed(db: Db, opts: { storeCount?: number } = {}) {
  return db.exclusive(MIGRATION_LOCK_KEY, async () => {
    const applied = await applyMigrations(db);
    const seeded = await seedIfEmpty(db, opts);
    return { applied, seeded };
  });
}

/** Call with the migration lock held. Reads what is applied only then, so a process that waited finds the work done. */
async function applyMigrations(db: Db): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      // the key guards against a process that migrates without the lock (an older version): it fails, not doubles
      const claimed = await tx.query('insert into schema_migrations (name) values ($1) on conflict (name) do nothing returning name', [file]);
      if (!claimed.rows.length) return;
      for (const statement of splitSql(sql)) await tx.query(statement);
      applied.push(file);
    });
  }
  return applied;
}

/**
 * Splits a migration into statements on `;` outside quotes, dollar-quoted bodies (`$$ .. $$`, `$tag$ .. $tag$`,
 * for plpgsql functions) and `--` comments; comments are dropped.
 */
export function splitSql(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
      current += '\n';
      continue;
    }
    if (ch === "'") {
      const end = sql.indexOf("'", i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        const stop = end === -1 ? sql.length : end + tag[0].length;
        current += sql.slice(i, stop);
        i = stop;
        continue;
      }
    }
    if (ch === ';') {
      out.push(current);
      current = '';
      i++;
      continue;
    }
    current += ch;
    i++;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}
