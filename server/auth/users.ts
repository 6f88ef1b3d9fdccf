import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

/** Email addresses are unique case-insensitively (users.email_normalized). */
export const normalizeEmail = (email: string) => email.normalize('NFKC').trim().toLowerCase();

export interface UserRow {
  id: string;
  ex_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  mfa_phone: string | null;
}

const COLUMNS = 'id, ex_id, email, password_hash, first_name, last_name, mfa_phone';

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`select ${COLUMNS} from users where email_normalized = $1`, [normalizeEmail(email)]);
  return r.rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
  return r.rows[0] ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  market: string;
  locale: string;
  country: string;
  registrationSource: string;
  storageConsent: boolean;
  receiveProductEmail: boolean;
  receiveGeneralEmail: boolean;
  receivePersonalizedEmail: boolean;
}

/** Inserts the user; null when the email is taken. */
export async function insertUser(db: Queryable, u: NewUser): Promise<{ id: string; exId: string } | null> {
  const id = randomUUID();
  const exId = randomUUID();
  const r = await db.query(
    `insert into users (id, ex_id, email, email_normalized, password_hash, first_name, last_name, market, locale, country,
                        registration_source, storage_consent, receive_product_email, receive_general_email,
                        receive_personalized_email, terms_accepted_at, password_changed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now(), now())
     on conflict (email_normalized) do nothing`,
    [id, exId, u.email.trim(), normalizeEmail(u.email), u.passwordHash, u.firstName, u.lastName, u.market, u.locale, u.country, u.registrationSource, u.storageConsent, u.receiveProductEmail, u.receiveGeneralEmail, u.receivePersonalizedEmail],
  );
  return r.rowCount === 1 ? { id, exId } : null;
}
