import * as v from 'valibot';

/**
 * The card fields the gift pages share with the card pages (re-exported by contracts/cards.ts): money, the card
 * number and security code, a card, a payment method and an eGift token. Kept apart so that /gift/{productNumber}'s
 * first load does not carry every card, transfer, reload and address schema (issue 32, docs/architecture.md
 * "Performance").
 */

export const Money = v.object({ amount: v.number(), currency: v.literal('USD') });
export type Money = v.InferOutput<typeof Money>;
export const money = (cents: number): Money => ({ amount: cents, currency: 'USD' });
/** "Prices in minor units are divided by 100 and shown with two decimals." */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const SvcCardNumber = v.pipe(v.string('A valid card number has 16 digits.'), v.regex(/^[0-9]{16}$/, 'A valid card number has 16 digits.'), v.maxLength(16, 'A valid card number has 16 digits.'));
export const SvcSecurityCode = v.pipe(v.string('A valid security code has 8 digits.'), v.regex(/^[0-9]{8}$/, 'A valid security code has 8 digits.'), v.maxLength(8, 'A valid security code has 8 digits.'));

export const CardStatus = v.picklist(['active', 'inactive', 'lost', 'stolen', 'closed']);
export const AutoReloadProfile = v.object({
  status: v.picklist(['active', 'disabled']),
  isActive: v.boolean(),
  amount: v.number(),
  triggerAmount: v.number(),
  paymentInstrumentId: v.string(),
  paymentMethodId: v.string(),
  lastErrorCode: v.nullable(v.string()),
  lastFiredAt: v.nullable(v.string()),
});
export type AutoReloadProfile = v.InferOutput<typeof AutoReloadProfile>;

/** no full card number: `lastFour` only (the pay code in BarcodeResponse is what a register charges) */
export const Card = v.object({
  cardId: v.string(),
  lastFour: v.string(),
  nickname: v.string(),
  cardImageUrl: v.string(),
  kind: v.picklist(['digital', 'physical', 'store_credit', 'egift']),
  status: CardStatus,
  isPrimary: v.boolean(),
  balance: Money,
  autoReloadProfile: v.nullable(AutoReloadProfile),
});
export type Card = v.InferOutput<typeof Card>;
/** GET /account/cards */
export const CardListResponse = v.object({ cards: v.array(Card) });
export type CardListResponse = v.InferOutput<typeof CardListResponse>;

export const PaymentType = v.picklist(['visa', 'mastercard', 'amex', 'discover', 'paypal']);
export type PaymentType = v.InferOutput<typeof PaymentType>;
export const CardBrand = v.picklist(['visa', 'mastercard', 'amex', 'discover']);
export type CardBrand = v.InferOutput<typeof CardBrand>;

export const PaymentMethod = v.object({
  paymentMethodId: v.string(),
  paymentMethodIdHash: v.string(),
  paymentInstrumentId: v.string(),
  paymentType: PaymentType,
  default: v.boolean(),
  accountNumberLastFour: v.string(),
  expMonth: v.nullable(v.number()),
  expYear: v.nullable(v.number()),
  accountEmail: v.nullable(v.string()),
  nickname: v.nullable(v.string()),
  billingAddressId: v.nullable(v.string()),
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethod>;
export const PaymentMethodListResponse = v.object({ paymentMethods: v.array(PaymentMethod) });
export type PaymentMethodListResponse = v.InferOutput<typeof PaymentMethodListResponse>;

/** POST /account/cards/get-card-info-from-token (an eGift bearer link) */
export const CardInfoFromTokenRequest = v.object({ cashstarToken: v.pipe(v.string('Give the gift token.'), v.regex(/^[A-Za-z0-9_-]{8,128}$/, 'Not a gift token.')) });
/** its answer (the gift claim page reads it without the other card schemas: docs/architecture.md#performance) */
export const CardInfoFromTokenResponse = v.object({ cardNumber: v.string(), securityCode: v.string(), balance: Money, registered: v.boolean() });
export type CardInfoFromTokenResponse = v.InferOutput<typeof CardInfoFromTokenResponse>;
