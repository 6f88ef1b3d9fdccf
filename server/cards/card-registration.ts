import { randomInt, randomUUID } from 'node:crypto';
import { AccountErrorCodes, AccountMessages } from '../../contracts/account.ts';
import { CardCodes, cardCodeMessage } from '../../contracts/cards.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ensurePinHashesUpgraded, pinHmac, pinMatches } from './pin-hash.ts';

/**
 * Adding stored-value cards to an account (account creation and /account/cards/add):
 * - a digital card is issued (a new 16-digit number starting with 7, balance 0, an opening ledger row);
 * - a physical card of the issuer's inventory (physical_cards; its money row in stored_value_cards, owner null)
 *   is claimed by a conditional UPDATE, so two members racing for one card cannot both get it.
 * The first card of an account becomes its primary card.
 */
export type CardRegistrationError = { errorCode: string; messageId: 'card-information-error' | 'card-state-error'; message: string };
export type CardRegistrationResult = { ok: true; cardId: string } | ({ ok: false } & CardRegistrationError);

const informationError: CardRegistrationError = { errorCode: AccountErrorCodes.cardInformationError, messageId: 'card-information-error', message: AccountMessages.cardInformationError };
const alreadyRegistered: CardRegistrationError = { errorCode: AccountErrorCodes.cardAlreadyRegistered, messageId: 'card-state-error', message: AccountMessages.cardAlreadyRegistered };
const inactive: CardRegistrationError = { errorCode: AccountErrorCodes.cardInactive, messageId: 'card-state-error', message: AccountMessages.cardInactive };
const stateError = (code: string): CardRegistrationError => ({ errorCode: code, messageId: 'card-state-error', message: cardCodeMessage[code] ?? AccountMessages.cardInactive });
export const digitalProvisionError: CardRegistrationError = { errorCode: AccountErrorCodes.digitalCardProvisionError, messageId: 'card-state-error', message: AccountMessages.digitalCardFailed };

const newCardId = () => randomUUID();

async function hasPrimary(tx: Queryable, userId: string) {
  const r = await tx.query(`select 1 from stored_value_cards where user_id = $1 and is_primary and status <> 'closed'`, [userId]);
  return r.rows.length > 0;
}

export async function issueDigitalCard(db: Db, userId: string, opts: { nickname?: string } = {}): Promise<CardRegistrationResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = '7' + Array.from({ length: 15 }, () => randomInt(0, 10)).join('');
    const cardId = newCardId();
    const inserted = await db.transaction(async (tx) => {
      const primary = !(await hasPrimary(tx, userId));
      const r = await tx.query(
        `insert into stored_value_cards (card_id, user_id, card_number, kind, nickname, balance_cents, is_primary, registered_at)
         values ($1, $2, $3, 'digital', $4, 0, $5, now()) on conflict (card_number) do nothing`,
        [cardId, userId, number, opts.nickname || 'My Card', primary],
      );
      if (r.rowCount !== 1) return false;
      await tx.query(`insert into card_ledger (card_id, user_id, kind, amount_cents, balance_after_cents, description) values ($1, $2, 'opening', 0, 0, 'Opening balance')`, [cardId, userId]);
      return true;
    });
    if (inserted) return { ok: true, cardId };
  }
  return { ok: false, ...digitalProvisionError };
}

/**
 * Registers a physical card. The PIN is checked before anything else is revealed: an unknown number and a
 * wrong PIN give the same 121001; only with the right PIN does the caller learn 122000 (already registered),
 * 121030 (inactive), 121032 (lost or stolen), 121037 (closed) or 121024 (store credit).
 */
export async function registerPhysicalCard(db: Db, userId: string, cardNumber: string, pin: string, opts: { nickname?: string } = {}): Promise<CardRegistrationResult> {
  await ensurePinHashesUpgraded(db);
  const r = await db.query<{ pin_hmac: string | null; pin_sha256: string | null; status: string; card_type: string; registered_at: Date | null }>(
    'select pin_hmac, pin_sha256, status, card_type, registered_at from physical_cards where card_number = $1',
    [cardNumber],
  );
  const card = r.rows[0];
  // an unknown number costs the same keyed hash as a known one
  if (!card) await pinHmac(db, cardNumber, pin);
  if (!card || !(await pinMatches(db, card, cardNumber, pin))) return { ok: false, ...informationError };
  if (card.registered_at) return { ok: false, ...alreadyRegistered };
  if (card.status === 'inactive') return { ok: false, ...inactive };
  if (card.status === 'lost' || card.status === 'stolen') return { ok: false, ...stateError(CardCodes.lostOrStolen) };
  if (card.status === 'closed') return { ok: false, ...stateError(CardCodes.cardClosed) };
  if (card.card_type === 'store_credit') return { ok: false, ...stateError(CardCodes.storeCredit) };
  const cardId = await db.transaction(async (tx) => {
    const claimed = await tx.query('update physical_cards set registered_at = now() where card_number = $1 and registered_at is null', [cardNumber]);
    if (claimed.rowCount !== 1) return null;
    const primary = !(await hasPrimary(tx, userId));
    const owned = await tx.query<{ card_id: string; balance_cents: number }>(
      `update stored_value_cards set user_id = $2, is_primary = $3, nickname = $4, registered_at = now()
        where card_number = $1 and user_id is null and status = 'active' returning card_id, balance_cents`,
      [cardNumber, userId, primary, opts.nickname || 'My Card'],
    );
    const row = owned.rows[0];
    if (row) {
      // the new owner's history starts here (cardHistory shows rows from registered_at on): a zero movement that
      // records the balance the card came with (issue 25: a re-registered card showed the previous owner's history)
      await tx.query(
        `insert into card_ledger (card_id, user_id, kind, amount_cents, balance_after_cents, description) values ($1, $2, 'opening', 0, $3, 'Opening balance')`,
        [row.card_id, userId, row.balance_cents],
      );
      return row.card_id;
    }
    throw new CardTaken();
  }).catch((e: unknown) => {
    if (e instanceof CardTaken) return null;
    throw e;
  });
  return cardId ? { ok: true, cardId } : { ok: false, ...alreadyRegistered };
}

class CardTaken extends Error {}
