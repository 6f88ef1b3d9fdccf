import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { CardCodes, MAX_CARD_BALANCE_CENTS, formatCents } from '../../contracts/cards.ts';
import { processor } from '../payments/index.ts';
import type { ProcessorResult } from '../payments/processor.ts';
import { cardError } from './errors.ts';

/**
 * The money core: every balance change of a stored-value card goes through credit() or debit() inside the
 * caller's transaction. Each is ONE conditional UPDATE (status active, result within [0, 50000]) plus a ledger
 * row with the balance after, so a concurrent caller can never overdraw or overfill (the table's CHECK is the
 * last line). Ordering and gifting reuse these, with idempotent() around them (idempotency.ts).
 */
export type LedgerKind = 'reload' | 'auto_reload' | 'charge' | 'transfer_in' | 'transfer_out' | 'adjustment' | 'egift_issue';
export interface Movement {
  cardId: string;
  amount: number;
  kind: LedgerKind;
  userId?: string | null;
  paymentMethodId?: string | null;
  processorChargeId?: string | null;
  transferId?: string | null;
  idempotencyKey?: string | null;
  description?: string | null;
  /**
   * The member who must own the card AT THE MOMENT of the balance update (the UPDATE is conditional on it): a
   * card removed by a concurrent call answers CARD_NOT_FOUND instead of taking the member's money. Unset only
   * for the register, which charges any card, owned or not.
   */
  ownerId?: string;
  /**
   * The stable identity of the request that moved the money (`order-<orderId>`, `register-<key>`,
   * `transfer-<member>-<key>`): the same on every retry of that request, unique across members. A debit's auto
   * reload derives its processor charge key from it (never from a sequence).
   */
  requestKey?: string;
}
export interface MovementResult {
  ledgerId: number;
  balance: number;
  autoReloaded: number | null;
}

async function ledger(tx: Queryable, m: Movement, signed: number, balanceAfter: number, ownerId: string | null): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `insert into card_ledger (card_id, user_id, kind, amount_cents, balance_after_cents, payment_method_id, processor_charge_id, transfer_id, idempotency_key, description)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [m.cardId, m.userId ?? ownerId, m.kind, signed, balanceAfter, m.paymentMethodId ?? null, m.processorChargeId ?? null, m.transferId ?? null, m.idempotencyKey ?? null, m.description ?? null],
  );
  return Number(r.rows[0]!.id);
}

/** Why a card cannot move money (status codes of spec 8), or null when it is active. */
export function statusCode(status: string, kind?: string): string | null {
  if (kind === 'store_credit') return CardCodes.storeCredit;
  if (status === 'inactive') return CardCodes.cardInactive;
  if (status === 'lost' || status === 'stolen') return CardCodes.lostOrStolen;
  if (status === 'closed') return CardCodes.cardClosed;
  return null;
}

async function explain(tx: Queryable, cardId: string, fallback: string, ownerId?: string): Promise<never> {
  const r = await tx.query<{ status: string; user_id: string | null }>('select status, user_id from stored_value_cards where card_id = $1', [cardId]);
  const row = r.rows[0];
  if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw cardError(CardCodes.cardNotFound);
  throw cardError(statusCode(row.status) ?? fallback);
}

/** Adds money: 121023 when the balance would pass $500; 121030/121032/121037 for cards that cannot take it. */
export async function credit(tx: Queryable, m: Movement): Promise<MovementResult> {
  if (!Number.isInteger(m.amount) || m.amount <= 0) throw cardError(CardCodes.reloadAmountInvalid, { field: 'amount' });
  const r = await tx.query<{ balance_cents: number; user_id: string | null }>(
    `update stored_value_cards set balance_cents = balance_cents + $2
      where card_id = $1 and status = 'active' and balance_cents + $2 <= $3 and ($4::text is null or user_id = $4) returning balance_cents, user_id`,
    [m.cardId, m.amount, MAX_CARD_BALANCE_CENTS, m.ownerId ?? null],
  );
  const row = r.rows[0];
  if (!row) return explain(tx, m.cardId, CardCodes.balanceLimit, m.ownerId);
  const ledgerId = await ledger(tx, m, m.amount, row.balance_cents, row.user_id);
  return { ledgerId, balance: row.balance_cents, autoReloaded: null };
}

/**
 * Takes money: INSUFFICIENT_BALANCE (or `insufficientCode`, e.g. 121025 for transfers) when the balance is short.
 * Then auto reload fires in the same transaction when the balance fell under the card's trigger.
 */
export async function debit(tx: Queryable, m: Movement & { requestKey: string }, insufficientCode: string = CardCodes.insufficientBalance): Promise<MovementResult> {
  if (!Number.isInteger(m.amount) || m.amount <= 0) throw cardError(CardCodes.reloadAmountInvalid, { field: 'amount' });
  const r = await tx.query<{ balance_cents: number; user_id: string | null }>(
    `update stored_value_cards set balance_cents = balance_cents - $2
      where card_id = $1 and status = 'active' and balance_cents >= $2 and ($3::text is null or user_id = $3) returning balance_cents, user_id`,
    [m.cardId, m.amount, m.ownerId ?? null],
  );
  const row = r.rows[0];
  if (!row) return explain(tx, m.cardId, insufficientCode, m.ownerId);
  const ledgerId = await ledger(tx, m, -m.amount, row.balance_cents, row.user_id);
  const autoReloaded = await autoReloadIfLow(tx, m.cardId, row.balance_cents, `auto-${m.requestKey}`);
  return { ledgerId, balance: autoReloaded?.balance ?? row.balance_cents, autoReloaded: autoReloaded?.amount ?? null };
}

/**
 * Auto reload (spec 4): when a debit leaves the balance under the trigger of an active profile, charge the
 * profile's method and credit the amount, in the same transaction. A refused charge never undoes the debit:
 * the profile keeps the code in last_error_code and the member gets an email. Either way an outbox email tells
 * the member what happened (the card page shows the ledger and the profile's last error).
 */
async function autoReloadIfLow(tx: Queryable, cardId: string, balance: number, chargeKey: string): Promise<{ amount: number; balance: number } | null> {
  const r = await tx.query<{ amount_cents: number; trigger_amount_cents: number; payment_method_id: string; processor_token: string; user_id: string; email: string; card_number: string }>(
    `select p.amount_cents, p.trigger_amount_cents, p.payment_method_id, m.processor_token, p.user_id, u.email, c.card_number
       from auto_reload_profiles p
       join payment_methods m on m.payment_method_id = p.payment_method_id and m.removed_at is null
       join users u on u.id = p.user_id
       join stored_value_cards c on c.card_id = p.card_id and c.user_id = p.user_id
      where p.card_id = $1 and p.status = 'active'`,
    [cardId],
  );
  const p = r.rows[0];
  if (!p || balance >= p.trigger_amount_cents || balance + p.amount_cents > MAX_CARD_BALANCE_CENTS) return null;
  const charged = await chargeMethod(tx, { processorToken: p.processor_token }, p.amount_cents, chargeKey);
  const lastFour = p.card_number.slice(-4);
  if (!charged.ok) {
    await tx.query('update auto_reload_profiles set last_error_code = $2, updated_at = now() where card_id = $1', [cardId, charged.code]);
    await notify(tx, p.user_id, p.email, 'Auto reload failed', `We could not add ${formatCents(p.amount_cents)} to your card ending ${lastFour} (code ${charged.code}). Check your payment method.`, 'auto-reload-failed');
    return null;
  }
  const added = await credit(tx, { cardId, amount: p.amount_cents, kind: 'auto_reload', userId: p.user_id, ownerId: p.user_id, paymentMethodId: p.payment_method_id, processorChargeId: charged.chargeId, description: 'Auto reload' });
  await tx.query('update auto_reload_profiles set last_error_code = null, last_fired_at = now(), updated_at = now() where card_id = $1', [cardId]);
  await notify(tx, p.user_id, p.email, 'Auto reload', `Auto reload added ${formatCents(p.amount_cents)} to your card ending ${lastFour}. New balance: ${formatCents(added.balance)}.`, 'auto-reload');
  return { amount: p.amount_cents, balance: added.balance };
}

async function notify(tx: Queryable, userId: string, email: string, subject: string, body: string, kind: string) {
  await tx.query(`insert into outbox (channel, recipient, subject, body, link, kind, user_id) values ('email', $1, $2, $3, '/account/cards', $4, $5)`, [email, subject, body, kind, userId]);
}

/**
 * Moves `amount` (default: the whole balance) from one card to another atomically: both rows are locked in
 * card-id order (no deadlock between opposite transfers), then debit and credit; any failure rolls back both.
 */
export async function transfer(tx: Queryable, t: { sourceCardId: string; targetCardId: string; amount?: number; userId: string; idempotencyKey?: string }) {
  if (t.sourceCardId === t.targetCardId) throw cardError(CardCodes.transferBalanceTooLow, { field: 'targetCardId' });
  const ids = [t.sourceCardId, t.targetCardId].sort();
  const locked = await tx.query<{ card_id: string; balance_cents: number; user_id: string | null }>(
    'select card_id, balance_cents, user_id from stored_value_cards where card_id = any($1::text[]) order by card_id for update',
    [ids],
  );
  // ownership is checked on the locked rows: a remove that committed first shows here, one that comes later waits
  const source = locked.rows.find((r) => r.card_id === t.sourceCardId && r.user_id === t.userId);
  if (!source) throw cardError(CardCodes.cardNotFound, { field: 'sourceCardId' });
  if (!locked.rows.some((r) => r.card_id === t.targetCardId && r.user_id === t.userId)) throw cardError(CardCodes.cardNotFound, { field: 'targetCardId' });
  const amount = t.amount ?? source.balance_cents;
  if (amount <= 0) throw cardError(CardCodes.transferBalanceTooLow, { field: 'amount' });
  const transferId = `tr_${randomUUID()}`;
  // a transfer without a key (adding a card with transferCard) is never retried as the same request
  const requestKey = t.idempotencyKey ? `transfer-${t.userId}-${t.idempotencyKey}` : `transfer-${transferId}`;
  const out = await debit(
    tx,
    { cardId: t.sourceCardId, amount, kind: 'transfer_out', userId: t.userId, ownerId: t.userId, transferId, idempotencyKey: t.idempotencyKey ?? null, requestKey, description: 'Transfer out' },
    CardCodes.transferBalanceTooLow,
  );
  const into = await credit(tx, { cardId: t.targetCardId, amount, kind: 'transfer_in', userId: t.userId, ownerId: t.userId, transferId, idempotencyKey: t.idempotencyKey ?? null, description: 'Transfer in' });
  return { amount, transferId, sourceBalance: out.balance, targetBalance: into.balance };
}

/** Charges a saved method and credits the card (reload / add money). The charge key is the request's key. */
export async function reload(tx: Queryable, r: { cardId: string; amount: number; userId: string; paymentMethodId: string; processorToken: string; idempotencyKey: string; field?: string }) {
  // the credit is checked first (121023 must not charge the member); the processor charge comes after, and
  // a refused charge throws, rolling the credit back
  const added = await credit(tx, { cardId: r.cardId, amount: r.amount, kind: 'reload', userId: r.userId, ownerId: r.userId, paymentMethodId: r.paymentMethodId, idempotencyKey: r.idempotencyKey, description: 'Reload' });
  const chargeId = await chargeMethodOrThrow(tx, { processorToken: r.processorToken }, r.amount, `reload-${r.userId}-${r.idempotencyKey}`, r.field ?? 'paymentMethodId');
  await tx.query('update card_ledger set processor_charge_id = $2 where id = $1', [added.ledgerId, chargeId]);
  return added;
}

/**
 * The one way the app charges a payment method (order submit, reload, 'Reload & place order', auto reload; gifting
 * next). `key` names the request that causes the charge and is the same on every retry of it (`order-<orderId>`,
 * `reload-<member>-<idempotency key>`, `auto-<request key>`): never from a sequence. The processor's key adds the
 * token and the amount, so a retry with another method or amount (a new tip, a declined card replaced) is a new
 * charge, and the same request retried after a rollback finds its first authorisation instead of charging again.
 * docs/cards.md "Charging a payment method" says how a real processor is called (authorise in the transaction,
 * capture with the commit, void what no commit took).
 */
export async function chargeMethod(tx: Queryable, method: { processorToken: string }, amount: number, key: string): Promise<ProcessorResult<{ chargeId: string }>> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`chargeMethod: amount must be a positive integer of cents (${amount})`);
  return processor().charge(tx, method.processorToken, amount, processorChargeKey(key, method.processorToken, amount));
}

export const processorChargeKey = (key: string, processorToken: string, amount: number) =>
  `${key}:${createHash('sha256').update(processorToken).digest('hex').slice(0, 12)}:${amount}`;

/** chargeMethod, with a refusal thrown as the card error of its code (naming `field`); answers the charge id */
export async function chargeMethodOrThrow(tx: Queryable, method: { processorToken: string }, amount: number, key: string, field: string): Promise<string> {
  const charged = await chargeMethod(tx, method, amount, key);
  if (!charged.ok) throw cardError(charged.code, { field });
  return charged.chargeId;
}
