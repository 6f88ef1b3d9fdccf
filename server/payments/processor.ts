import type { Queryable } from '../db/db.ts';
import type { CardDetails, PaymentType } from '../../contracts/cards.ts';

/**
 * The one interface the app uses to move money with an outside processor (cards and PayPal). The sandbox
 * (sandbox.ts) implements it in-process; a real processor would implement it over its API with the same
 * idempotency keys. The app's tables keep only what `TokenInfo` holds: never a card number or security code.
 *
 * Every call that can fail answers `{ ok: false, code }` with a spec 8 code (121048 declined, ...), never throws
 * for a business failure. `db` is the caller's transaction, so the sandbox's records roll back with it.
 */
export interface TokenInfo {
  token: string;
  kind: 'card' | 'paypal';
  brand: PaymentType;
  lastFour: string;
  expMonth: number | null;
  expYear: number | null;
  singleUse: boolean;
  createdAt: Date;
  /** the PayPal account's email (PayPal only) */
  accountEmail: string | null;
}

export type ProcessorResult<T> = ({ ok: true } & T) | { ok: false; code: string };

export type { CardDetails };

export interface PaymentProcessor {
  /** the card number and security code go here and nowhere else */
  tokenizeCard(db: Queryable, card: CardDetails): Promise<ProcessorResult<{ info: TokenInfo }>>;
  /** the PayPal consent page's Approve (sandbox buyer accounts by email) */
  tokenizePaypal(db: Queryable, email: string): Promise<ProcessorResult<{ info: TokenInfo }>>;
  /** what a token stands for, or null when unknown */
  describe(db: Queryable, token: string): Promise<TokenInfo | null>;
  /** zero-amount verification before a method is saved; claims the token (a token is saved at most once) */
  verify(db: Queryable, token: string): Promise<ProcessorResult<{ info: TokenInfo }>>;
  /**
   * Charge in cents, called inside the caller's transaction: authorises (the processor's record, which outlives
   * a rollback) and captures with the caller's commit. The same key with the same token and amount answers the
   * first result (never a second authorisation); the same key with another amount or token is refused
   * (CHARGE_KEY_REUSED). A single-use token is claimed by one charge only (PAYMENT_TOKEN_EXPIRED for the rest).
   * The app calls it only through chargeMethod (server/cards/money.ts), which builds the key.
   */
  charge(db: Queryable, token: string, amountCents: number, idempotencyKey: string): Promise<ProcessorResult<{ chargeId: string }>>;
  /**
   * Gives a captured charge back (a cancelled order, server/ordering/cancel.ts), in the caller's transaction: at most
   * the charged amount, once per charge (a second refund of the same charge answers the first).
   */
  refund(db: Queryable, chargeId: string, amountCents: number): Promise<ProcessorResult<{ refundId: string }>>;
}
