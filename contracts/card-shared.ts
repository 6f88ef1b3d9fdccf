import * as v from 'valibot';
import { OPAQUE_ID } from './opaque-id.ts';

/**
 * What ordering shares with cards (re-exported by contracts/cards.ts; ordering's modules import it from here, so the
 * menu's first load does not carry every card schema).
 */
export const IdempotencyKey = v.pipe(v.string('Give an idempotency key.'), v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'Give an idempotency key of 8 to 100 letters, digits, - or _.'));
export const CardId = v.pipe(v.string(), v.regex(OPAQUE_ID, 'Not a card id.'));
export const PaymentMethodId = v.pipe(v.string('Choose a payment method.'), v.regex(OPAQUE_ID, 'Not a payment method id.'));
/** Guest payment token default max age (spec 9) */
export const GUEST_TOKEN_MAX_AGE_MS = 300_000;
/** A guest's single-use card timed out or was used up (CardMessages.tokenExpired; ordering's texts show it too). */
export const CARD_TOKEN_EXPIRED_MESSAGE = 'Your card details timed out. Please enter them again.';
