import { randomInt, randomUUID } from 'node:crypto';
import { AccountErrorCodes, AccountMessages } from '../../contracts/account.ts';
import type { Db, Queryable } from '../db/db.ts';
import { equalHex, sha256Hex } from '../auth/tokens.ts';

/**
 * Stored-value cards at account creation (spec 2 section 4 "Account creation"):
 * - a digital card is issued (a new 16-digit number starting with 7, balance 0);
 * - a physical card is registered from the issuer's inventory (physical_cards, seeded in 002_accounts.sql).
 * The first card of an account becomes its primary card.
 */
export type CardRegistrationError = { errorCode: string; messageId: 'card-information-error' | 'card-state-error'; message: string };
export type CardRegistrationResult = { ok: true; cardId: string } | ({ ok: false } & CardRegistrationError);

const informationError: CardRegistrationError = { errorCode: AccountErrorCodes.cardInformationError, messageId: 'card-information-error', message: AccountMessages.cardInformationError };
const alreadyRegistered: CardRegistrationError = { errorCode: AccountErrorCodes.cardAlreadyRegistered, messageId: 'card-state-error', message: AccountMessages.cardAlreadyRegistered };
const inactive: CardRegistrationError = { errorCode: AccountErrorCodes.cardInactive, messageId: 'card-state-error', message: AccountMessages.cardInactive };
export const digitalProvisionError: CardRegistrationError = { errorCode: AccountErrorCodes.digitalCardProvisionError, messageId: 'card-state-error', message: AccountMessages.digitalCardFailed };

const newCardId = () => randomUUID();

async function hasPrimary(tx: Queryable, userId: string) {
  const r = await tx.query('select 1 from stored_value_cards where user_id = $1 and is_primary', [userId]);
  return r.rows.length > 0;
}

export async function issueDigitalCard(db: Db, userId: string): Promise<CardRegistrationResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = '7' + Array.from({ length: 15 }, () => randomInt(0, 10)).join('');
    const cardId = newCardId();
    const inserted = await db.transaction(async (tx) => {
      const primary = !(await hasPrimary(tx, userId));
      const r = await tx.query(
        `insert into stored_value_cards (card_id, user_id, card_number, kind, nickname, balance_cents, is_primary)
         values ($1, $2, $3, 'digital', 'My Card', 0, $4) on conflict (card_number) do nothing`,
        [cardId, userId, number, primary],
      );
      return r.rowCount === 1;
    });
    if (inserted) return { ok: true, cardId };
  }
  return { ok: false, ...digitalProvisionError };
}

/**
 * Registers a physical card. The PIN is checked before anything else is revealed: an unknown number and a
 * wrong PIN give the same 121001; only with the right PIN does the caller learn 122000 (already registered)
 * or 121030 (inactive).
 */
export async function registerPhysicalCard(db: Db, userId: string, cardNumber: string, pin: string): Promise<CardRegistrationResult> {
  const r = await db.query<{ pin_sha256: string; status: string; registered_at: Date | null; initial_balance_cents: number }>(
    'select pin_sha256, status, registered_at, initial_balance_cents from physical_cards where card_number = $1',
    [cardNumber],
  );
  const card = r.rows[0];
  const given = sha256Hex(`${cardNumber}:${pin}`);
  if (!card || !equalHex(given, card.pin_sha256)) return { ok: false, ...informationError };
  if (card.registered_at) return { ok: false, ...alreadyRegistered };
  if (card.status !== 'active') return { ok: false, ...inactive };
  const cardId = newCardId();
  const done = await db.transaction(async (tx) => {
    const claimed = await tx.query('update physical_cards set registered_at = now() where card_number = $1 and registered_at is null', [cardNumber]);
    if (claimed.rowCount !== 1) return false;
    const primary = !(await hasPrimary(tx, userId));
    const inserted = await tx.query(
      `insert into stored_value_cards (card_id, user_id, card_number, kind, nickname, balance_cents, is_primary)
       values ($1, $2, $3, 'physical', 'My Card', $4, $5) on conflict (card_number) do nothing`,
      [cardId, userId, cardNumber, card.initial_balance_cents, primary],
    );
    if (inserted.rowCount !== 1) throw new CardTaken();
    return true;
  }).catch((e: unknown) => {
    if (e instanceof CardTaken) return false;
    throw e;
  });
  return done ? { ok: true, cardId } : { ok: false, ...alreadyRegistered };
}

class CardTaken extends Error {}
