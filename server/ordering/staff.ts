import * as v from 'valibot';
import type { Context } from 'hono';
import type { Queryable } from '../db/db.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import type { AppEnv } from '../http/types.ts';
import { parse } from '../http/validate.ts';
import { ShortStoreNumber } from '../../contracts/store-number.ts';
import { PricingCodes } from '../../contracts/ordering-rules.ts';
import { orderingError } from './errors.ts';

/**
 * Store staff (issue 29, docs/order-status.md 3.5): who may use a store's barista console. The role lives in
 * `staff_members (user_id, short_number, role)` (migration 081) and is read at EVERY console request (never cached
 * in the session), so removing a row takes effect at the next call.
 */
export const STAFF_ONLY = 'STAFF_ONLY';
export const STAFF_ONLY_MESSAGE = 'This console is for the staff of this store.';

/** the short store numbers the user is staff of, in number order (empty for a customer) */
export async function staffOf(db: Queryable, userId: string): Promise<string[]> {
  const r = await db.query<{ short_number: string }>('select short_number from staff_members where user_id = $1 order by short_number', [userId]);
  return r.rows.map((x) => x.short_number);
}

export interface StaffContext {
  userId: string;
  /** the short store number of the path */
  short: string;
  role: 'barista' | 'lead';
}

/**
 * The guard of every console call. `storeNumber` is the path's (either form: 10003 or 10003-10103; 400 otherwise).
 * Signed out: 401 UNAUTHORIZED. Unknown store: 404 STORE_NOT_FOUND. Signed in without a staff row for THAT store
 * (a customer, another store's barista): 403 STAFF_ONLY. Else the staff context.
 */
export async function requireStaff(c: Context<AppEnv>, storeNumber: string): Promise<StaffContext> {
  const { storeNumber: short } = parse(v.object({ storeNumber: ShortStoreNumber }), { storeNumber });
  const s = c.var.session;
  if (!s) throw unauthorized();
  const { db } = c.var.deps;
  const r = await db.query<{ known: boolean; role: 'barista' | 'lead' | null }>(
    `select exists (select 1 from stores where short_number = $1) as known,
            (select role from staff_members where short_number = $1 and user_id = $2) as role`,
    [short, s.userId],
  );
  const row = r.rows[0]!;
  if (!row.known) throw orderingError(PricingCodes.storeNotFound, { field: 'storeNumber' });
  if (!row.role) throw new ApiError(403, STAFF_ONLY, STAFF_ONLY_MESSAGE);
  return { userId: s.userId, short, role: row.role };
}
