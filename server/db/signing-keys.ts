/**
 * The one way to a server-side secret kept in `signing_keys`: made on first use (a race between processes keeps the
 * first row: `on conflict do nothing`, then read back), so every server process of one database shares it; cached per
 * database handle. An environment variable of at least 32 characters overrides the stored key when the caller names one.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.ts';

const cache = new WeakMap<object, Map<string, Buffer>>();

export async function signingKey(db: Queryable, name: string, envOverride?: string): Promise<Buffer> {
  if (envOverride && envOverride.length >= 32) return Buffer.from(envOverride);
  const byName = cache.get(db) ?? new Map<string, Buffer>();
  cache.set(db, byName);
  const hit = byName.get(name);
  if (hit) return hit;
  await db.query(`insert into signing_keys (name, secret) values ($1, $2) on conflict (name) do nothing`, [name, randomBytes(32).toString('base64url')]);
  const r = await db.query<{ secret: string }>(`select secret from signing_keys where name = $1`, [name]);
  const key = Buffer.from(r.rows[0]!.secret);
  byName.set(name, key);
  return key;
}
