import { createHmac } from 'node:crypto';
import { signingKey } from '../db/signing-keys.ts';
import type { Db, Queryable } from '../db/db.ts';
import { CardCodes, money, type Card, type CardInfoFromTokenResponse } from '../../contracts/cards.ts';
import { cardError } from '../cards/errors.ts';
import { cardById } from '../cards/store.ts';
import { giftError, GiftErrorCodes } from './errors.ts';
import { claimTokenHash } from './issue.ts';

/**
 * Claiming an eGift (docs/gifting.md 3.5). The claim token is single use: one conditional UPDATE takes it, so of
 * parallel claims one wins and the rest answer 409 GIFT_ALREADY_CLAIMED. The card then belongs to the member (an
 * ordinary card of /account/cards; history starts at the claim with an opening row, as a registration does).
 *
 * The eGift security code is never stored: 8 digits of HMAC-SHA-256(key 'egift-code' of signing_keys, cardId),
 * the same on every call (the bearer link hands it out; the card-balance check verifies it).
 */
const egiftKey = (db: Queryable) => signingKey(db, 'egift-code');

/** the eGift card's 8-digit security code (exported for the card-balance check) */
export async function egiftSecurityCode(db: Queryable, cardId: string): Promise<string> {
  const mac = createHmac('sha256', await egiftKey(db)).update(cardId).digest();
  return String(mac.readUInt32BE(0) % 100_000_000).padStart(8, '0');
}

/** get-card-info-from-token's eGift branch: null when the token is not an eGift's (the caller tries the others) */
export async function egiftInfoFromToken(db: Queryable, token: string): Promise<CardInfoFromTokenResponse | null> {
  const r = await db.query<{ card_id: string; card_number: string; balance_cents: number; claimed_at: Date | null }>(
    `select t.card_id, c.card_number, c.balance_cents, t.claimed_at from gift_claim_tokens t join stored_value_cards c on c.card_id = t.card_id where t.token_hash = $1`,
    [claimTokenHash(token)],
  );
  const row = r.rows[0];
  if (!row) return null;
  if (row.claimed_at) throw giftError(GiftErrorCodes.alreadyClaimed, { field: 'cashstarToken' });
  return { cardNumber: row.card_number, securityCode: await egiftSecurityCode(db, row.card_id), balance: money(row.balance_cents), registered: false };
}

/** the claim: the token, then the card, then the recipient row, in one transaction */
export async function claimEgift(db: Db, userId: string, token: string): Promise<{ card: Card }> {
  const hash = claimTokenHash(token);
  // created before the transaction: PGlite runs one at a time and the key insert would otherwise wait on it
  await egiftKey(db);
  return db.transaction(async (tx) => {
    const taken = await tx.query<{ card_id: string }>(
      'update gift_claim_tokens set claimed_at = now(), claimed_by = $2 where token_hash = $1 and claimed_at is null returning card_id',
      [hash, userId],
    );
    const cardId = taken.rows[0]?.card_id;
    if (!cardId) {
      const known = await tx.query('select 1 from gift_claim_tokens where token_hash = $1', [hash]);
      if (known.rows.length) throw giftError(GiftErrorCodes.alreadyClaimed, { field: 'cashstarToken' });
      throw cardError(CardCodes.cardNumberInvalid, { field: 'cashstarToken' });
    }
    const owned = await tx.query<{ balance_cents: number }>(
      `update stored_value_cards set user_id = $2, registered_at = now(),
              is_primary = not exists (select 1 from stored_value_cards p where p.user_id = $2 and p.is_primary)
        where card_id = $1 and user_id is null and status = 'active' returning balance_cents`,
      [cardId, userId],
    );
    if (owned.rowCount !== 1) throw giftError(GiftErrorCodes.alreadyClaimed, { field: 'cashstarToken' });
    await tx.query(`insert into card_ledger (card_id, user_id, kind, amount_cents, balance_after_cents, description) values ($1, $2, 'opening', 0, $3, 'Opening balance')`, [
      cardId,
      userId,
      owned.rows[0]!.balance_cents,
    ]);
    await tx.query('update gift_recipients set claimed_at = now() where card_id = $1', [cardId]);
    return { card: await cardById(tx, cardId) };
  });
}
