import type { CommunicationPreferences, Profile } from '../../contracts/account.ts';
import type { Db, Queryable } from '../db/db.ts';
import { normalizeEmail } from '../auth/users.ts';

/**
 * The accounts data layer: every SQL statement of the account routes (server/routes/account.ts,
 * account-settings.ts) lives here or in server/auth/*, so the handlers only validate, decide and answer.
 * Every function is keyed by the signed-in user's id (never an id from the request).
 */

type ProfileRow = { ex_id: string; first_name: string; last_name: string; email: string; phone_number: string | null; birth_month: number | null; birth_day: number | null };

export async function loadProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const r = await db.query<ProfileRow>('select ex_id, first_name, last_name, email, phone_number, birth_month, birth_day from users where id = $1', [userId]);
  const u = r.rows[0];
  if (!u) return null;
  return {
    userExId: u.ex_id,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    phoneNumber: u.phone_number,
    birthday: u.birth_month && u.birth_day ? { month: Number(u.birth_month), day: Number(u.birth_day) } : null,
  };
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  birthday?: { month: number; day: number } | null;
}

export async function updateProfile(db: Queryable, userId: string, p: ProfileChanges) {
  const sets: string[] = [];
  const params: unknown[] = [userId];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (p.firstName !== undefined) set('first_name', p.firstName);
  if (p.lastName !== undefined) set('last_name', p.lastName);
  if (p.phoneNumber !== undefined) set('phone_number', p.phoneNumber);
  if (p.birthday !== undefined) {
    set('birth_month', p.birthday?.month ?? null);
    set('birth_day', p.birthday?.day ?? null);
  }
  if (sets.length) await db.query(`update users set ${sets.join(', ')}, updated_at = now() where id = $1`, params);
}

export async function partnerNumber(db: Queryable, userId: string): Promise<string | null> {
  const r = await db.query<{ partner_number: string | null }>('select partner_number from users where id = $1', [userId]);
  return r.rows[0]?.partner_number ?? null;
}

export async function setPartnerNumber(db: Queryable, userId: string, value: string | null) {
  await db.query('update users set partner_number = $2, updated_at = now() where id = $1', [userId, value]);
}

export async function loadPreferences(db: Queryable, userId: string): Promise<CommunicationPreferences | null> {
  const r = await db.query<{ p: boolean; g: boolean; z: boolean }>(
    'select receive_product_email as p, receive_general_email as g, receive_personalized_email as z from users where id = $1',
    [userId],
  );
  const u = r.rows[0];
  if (!u) return null;
  return { receiveHarborEmailCommunications: u.p, receiveGeneralEmailCommunications: u.g, receivePersonalizedEmailCommunications: u.z };
}

export async function updatePreferences(db: Queryable, userId: string, p: Partial<CommunicationPreferences>) {
  await db.query(
    `update users set receive_product_email = coalesce($2, receive_product_email),
                      receive_general_email = coalesce($3, receive_general_email),
                      receive_personalized_email = coalesce($4, receive_personalized_email),
                      updated_at = now()
      where id = $1`,
    [userId, p.receiveHarborEmailCommunications ?? null, p.receiveGeneralEmailCommunications ?? null, p.receivePersonalizedEmailCommunications ?? null],
  );
}

/** Changes the email unless another account has it meanwhile: false then. */
export async function changeEmail(db: Queryable, userId: string, newEmail: string): Promise<boolean> {
  try {
    const r = await db.query(
      `update users set email = $2, email_normalized = $3, updated_at = now()
        where id = $1 and not exists (select 1 from users where email_normalized = $3 and id <> $1)`,
      [userId, newEmail, normalizeEmail(newEmail)],
    );
    return r.rowCount === 1;
  } catch (e) {
    if ((e as { code?: string }).code === '23505') return false;
    throw e;
  }
}

export async function mfaPhone(db: Queryable, userId: string): Promise<string | null> {
  const r = await db.query<{ mfa_phone: string | null }>('select mfa_phone from users where id = $1', [userId]);
  return r.rows[0]?.mfa_phone ?? null;
}

export async function setMfaPhone(db: Queryable, userId: string, phone: string | null) {
  if (phone) await db.query('update users set mfa_phone = $2, mfa_phone_verified_at = now(), updated_at = now() where id = $1', [userId, phone]);
  else await db.query('update users set mfa_phone = null, mfa_phone_verified_at = null, updated_at = now() where id = $1', [userId]);
}

/** Records a second-factor check on the session; returns its time. */
export async function markSecondFactor(db: Queryable, sessionIdHash: string): Promise<Date> {
  const r = await db.query<{ mfa_verified_at: Date }>('update sessions set mfa_verified_at = now() where id_hash = $1 returning mfa_verified_at', [sessionIdHash]);
  return new Date(r.rows[0]!.mfa_verified_at);
}

// ---- sessions (ASVS 7.4.3: list, end one, end the others) ---------------------------------------------------------

export interface SessionRow {
  public_id: string;
  id_hash: string;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  remember_me: boolean;
}

export async function listSessions(db: Queryable, userId: string): Promise<SessionRow[]> {
  const r = await db.query<SessionRow>(
    `select public_id, id_hash, user_agent, created_at, last_seen_at, remember_me from sessions
      where user_id = $1 and idle_expires_at > now() and absolute_expires_at > now()
      order by last_seen_at desc, created_at desc`,
    [userId],
  );
  return r.rows;
}

/** Ends one of the user's sessions by its public id; false when there is none (or it is another user's). */
export async function endSessionById(db: Queryable, userId: string, publicId: string): Promise<boolean> {
  const r = await db.query('delete from sessions where user_id = $1 and public_id = $2', [userId, publicId]);
  return r.rowCount === 1;
}

/** Ends every session of the user but `keepIdHash`; returns how many ended. */
export async function endOtherSessions(db: Queryable, userId: string, keepIdHash: string): Promise<number> {
  const r = await db.query('delete from sessions where user_id = $1 and id_hash <> $2', [userId, keepIdHash]);
  return r.rowCount;
}

export async function endAllSessions(db: Queryable, userId: string) {
  await db.query('delete from sessions where user_id = $1', [userId]);
}

// ---- transactions ------------------------------------------------------------------------------------------------

/**
 * A Db view of an open transaction, for code written against Db that opens its own transactions (card
 * registration): inside, those become savepoints of the outer transaction, so everything commits or rolls back
 * together.
 */
export function nestedDb(outer: Db, tx: Queryable): Db {
  let n = 0;
  return {
    kind: outer.kind,
    query: (sql, params) => tx.query(sql, params),
    async transaction<T>(fn: (inner: Queryable) => Promise<T>): Promise<T> {
      const sp = `sp_${++n}`;
      await tx.query(`savepoint ${sp}`);
      try {
        const out = await fn(tx);
        await tx.query(`release savepoint ${sp}`);
        return out;
      } catch (e) {
        await tx.query(`rollback to savepoint ${sp}`);
        throw e;
      }
    },
    // inside one transaction: no lock to take (the outer caller holds what it needs), no LISTEN of its own
    exclusive: (_key, fn) => fn(),
    listen: (channel, onMessage, onReconnect) => outer.listen(channel, onMessage, onReconnect),
    close: () => Promise.resolve(),
  };
}
