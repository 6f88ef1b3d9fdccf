import type { Queryable } from '../db/db.ts';

/** A user's favorite and previous stores (short numbers). Every statement is scoped by the user's id. */
export interface UserStores {
  favorites: Set<string>;
  previous: Set<string>;
}

export const NO_USER_STORES: UserStores = { favorites: new Set(), previous: new Set() };

export async function userStores(db: Queryable, userId: string): Promise<UserStores> {
  const r = await db.query<{ short_number: string; kind: 'F' | 'P' }>(
    `select short_number, 'F' as kind from favorite_stores where user_id = $1
     union all select short_number, 'P' as kind from previous_stores where user_id = $1`,
    [userId],
  );
  const out: UserStores = { favorites: new Set(), previous: new Set() };
  for (const row of r.rows) (row.kind === 'F' ? out.favorites : out.previous).add(row.short_number);
  return out;
}

/** Idempotent: adding a favorite twice keeps one row. */
export async function addFavorite(db: Queryable, userId: string, shortNumber: string): Promise<void> {
  await db.query('insert into favorite_stores (user_id, short_number) values ($1, $2) on conflict (user_id, short_number) do nothing', [userId, shortNumber]);
}

export async function removeFavorite(db: Queryable, userId: string, shortNumber: string): Promise<void> {
  await db.query('delete from favorite_stores where user_id = $1 and short_number = $2', [userId, shortNumber]);
}
