import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { PAY_CODE_TTL_MS } from '../../contracts/cards.ts';

/**
 * Pay codes (issue 25): what the barcode holds instead of the card number. Each opening of the pay view gets a
 * fresh one: 16 random digits (about 53 bits, `crypto.randomInt`), stored only as SHA-256, valid for
 * PAY_CODE_TTL_MS (5 minutes), paying once. The register resolves a code to its card with one conditional UPDATE
 * that needs the code unused, unexpired and its card still the issuing member's; on PostgreSQL a concurrent second
 * charge with the same code waits on the row and then finds it used. A charge that fails afterwards (not enough
 * money) rolls the claim back with it, so the code can be charged again.
 */
export const payCodeHash = (code: string) => createHash('sha256').update(`pay-code:${code}`).digest('hex');

export function newPayCode(): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += String(randomInt(0, 10_000)).padStart(4, '0');
  return s;
}

export async function issuePayCode(db: Queryable, cardId: string, userId: string): Promise<{ code: string; expiresAt: Date }> {
  const code = newPayCode();
  const expiresAt = new Date(Date.now() + PAY_CODE_TTL_MS);
  await db.query('insert into card_pay_codes (code_hash, card_id, user_id, expires_at) values ($1, $2, $3, $4)', [payCodeHash(code), cardId, userId, expiresAt]);
  return { code, expiresAt };
}

/** Claims a code inside the charge's transaction: the card id, or 'unknown' / 'expired' (expired, used, or the card left the account). */
export async function claimPayCode(tx: Queryable, code: string): Promise<{ cardId: string } | { refused: 'unknown' | 'expired' }> {
  const hash = payCodeHash(code);
  const r = await tx.query<{ card_id: string }>(
    `update card_pay_codes p set used_at = now()
       from stored_value_cards s
      where p.code_hash = $1 and p.used_at is null and p.expires_at > now() and s.card_id = p.card_id and s.user_id = p.user_id
      returning p.card_id`,
    [hash],
  );
  if (r.rows[0]) return { cardId: r.rows[0].card_id };
  const known = await tx.query('select 1 from card_pay_codes where code_hash = $1', [hash]);
  return { refused: known.rows.length ? 'expired' : 'unknown' };
}

/** Cleanup: codes expired more than a day ago (a used or expired code is worth nothing). */
export async function purgeExpiredPayCodes(db: Queryable) {
  await db.query(`delete from card_pay_codes where expires_at < now() - interval '1 day'`);
}
