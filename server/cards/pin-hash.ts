import { createHmac } from 'node:crypto';
import { signingKey } from '../db/signing-keys.ts';
import type { Db, Queryable } from '../db/db.ts';
import { equalHex, sha256Hex } from '../auth/tokens.ts';

/**
 * Physical-card PINs under a keyed hash (issue 25; ASVS 4.0 2.4.5): what is stored is
 * HMAC-SHA-256(key, sha256(`number:pin`)). An 8-digit PIN under plain SHA-256 fell to an offline search in minutes
 * per card; with the key kept outside the table the stored value is useless without it.
 *
 * The key is CARD_PIN_SECRET (32+ characters) when set, else a random key made on first use and kept in
 * signing_keys ('card-pin'), as the unsubscribe key is (server/privacy/signing.ts). Set CARD_PIN_SECRET before the
 * first start and never change it: the hashes are made with it. Wrapping the old SHA-256 (rather than hashing the
 * PIN afresh) lets every stored PIN move over without knowing it: `upgradePinHashes` does that at start and once
 * per process before the first check.
 */
export const cardPinKey = (db: Queryable): Promise<Buffer> => signingKey(db, 'card-pin', process.env.CARD_PIN_SECRET);

const wrap = (key: Buffer, sha: string) => createHmac('sha256', key).update(sha).digest('hex');

export async function pinHmac(db: Queryable, cardNumber: string, pin: string): Promise<string> {
  return wrap(await cardPinKey(db), sha256Hex(`${cardNumber}:${pin}`));
}

/** true when `pin` is the card's PIN (a row not yet wrapped is checked against its SHA-256) */
export async function pinMatches(db: Queryable, row: { pin_hmac: string | null; pin_sha256: string | null }, cardNumber: string, pin: string): Promise<boolean> {
  if (row.pin_hmac) return equalHex(await pinHmac(db, cardNumber, pin), row.pin_hmac);
  return !!row.pin_sha256 && equalHex(sha256Hex(`${cardNumber}:${pin}`), row.pin_sha256);
}

const upgraded = new WeakSet<object>();

/** Wraps every unsalted pin_sha256 in the keyed hash and clears it (idempotent; concurrent runs agree). */
export async function upgradePinHashes(db: Db | Queryable): Promise<number> {
  const key = await cardPinKey(db);
  const r = await db.query<{ card_number: string; pin_sha256: string }>('select card_number, pin_sha256 from physical_cards where pin_hmac is null and pin_sha256 is not null');
  if (r.rows.length === 0) return 0;
  const u = await db.query(
    `update physical_cards p set pin_hmac = x.h, pin_sha256 = null
       from unnest($1::text[], $2::text[]) as x(n, h)
      where p.card_number = x.n and p.pin_hmac is null`,
    [r.rows.map((x) => x.card_number), r.rows.map((x) => wrap(key, x.pin_sha256))],
  );
  return u.rowCount ?? 0;
}

/** once per process and database, before the first PIN check */
export async function ensurePinHashesUpgraded(db: Db | Queryable) {
  if (upgraded.has(db)) return;
  upgraded.add(db);
  await upgradePinHashes(db);
}
