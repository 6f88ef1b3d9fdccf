import * as v from 'valibot';
import { OPAQUE_ID, OpaqueId } from './opaque-id.ts';

export { OPAQUE_ID, OpaqueId };
import { AccountMessages } from './account-messages.ts';
import { CardMessages } from './card-messages.ts';
import { Card, Money, PaymentType, SvcCardNumber, SvcSecurityCode } from './card-fields.ts';
export * from './card-fields.ts';
export * from './card-codes.ts';
import { IdempotencyKey, CardId, PaymentMethodId, GUEST_TOKEN_MAX_AGE_MS } from './card-shared.ts';

/**
 * Stored-value cards, payment methods, addresses and the sandbox processor (spec 2: section 2 "Cards" and
 * "Payment methods and addresses"; 3; 4; 5; 7; 8 "Card and payment codes"; 9). Shared by the server (what it
 * takes) and the client (forms, parsing answers). REST paths are under /apiproxy/v1; the GraphQL
 * operations' answers are at the end. Money is always integer cents (`{ amount: 2500, currency: 'USD' }` is $25.00).
 * Overview and design choices: docs/cards.md.
 */

// ---------------------------------------------------------------------------------------------------------------
// Limits (spec 9)

export const CARD_NUMBER_LENGTH = 16;
export const SECURITY_CODE_LENGTH = 8;
/** "Stored-value card total may not exceed $500." */
export const MAX_CARD_BALANCE_CENTS = 50_000;
/** Address list cached stale after 1 week (spec 9) */
export const ADDRESS_LIST_STALE_MS = 7 * 24 * 3600_000;
/** reload amounts offered (config svcReloadOptions; spec: values not shown, chosen here) */
export const SVC_RELOAD_OPTIONS = [1000, 1500, 2500, 5000, 7500, 10000] as const;
export const DEFAULT_SVC_RELOAD_OPTION = 2500;
export const TRIGGER_AMOUNT_OPTIONS = [1000, 1500, 2500, 5000] as const;
export const DEFAULT_TRIGGER_AMOUNT_OPTION = 1000;
/** a register charge: at most this much per sale */
export const MAX_REGISTER_CHARGE_CENTS = 50_000;
/** tokenized payment sources (spec 9) */
export const TOKENIZED_PAYMENT_SOURCES = ['googlepay', 'applepay'] as const;
/** payment option defaults (spec 9) */
export const PAYMENT_OPTION_DEFAULTS = { creditCard: true, giftCard: true, paypal: true, venmo: false, campusCard: false } as const;

// ---------------------------------------------------------------------------------------------------------------
// Codes and messages (spec 8 "Card and payment codes"); the server sends these messages, the client maps codes

export const CardCodes = {
  cardNumberInvalid: '121000',
  cardOrPinWrong: '121001',
  securityCodeWrong: '121002',
  reloadAmountMissing: '121005',
  autoReloadAmountMissing: '121009',
  autoReloadTriggerMissing: '121010',
  cardNumberRejected: '121017',
  balanceLimit: '121023',
  storeCredit: '121024',
  transferBalanceTooLow: '121025',
  cardInactive: '121030',
  lostOrStolen: '121032',
  international: '121033',
  notRegistered: '121034',
  fraud: '121035',
  reloadAmountInvalid: '121036',
  cardClosed: '121037',
  expired: '121044',
  rejected: '121048',
  antiFraud: '121062',
  duplicate: '121063',
  amex: '121069',
  alreadyRegistered: '122000',
  generic: '121075',
  genericProcessor: '123000',
  digitalProvision: 'DIGITAL_CARD_PROVISION_ERROR',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  unexpected: 'UNEXPECTED_ERROR',
  /** not in the spec: an idempotency key reused for a different request (422) */
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** not in the spec: removing a card that still holds money (409); the client asks to transfer first */
  cardHasBalance: 'CARD_HAS_BALANCE',
  /** not in the spec: a card or method id that is not the caller's (404, same as unknown) */
  cardNotFound: 'CARD_NOT_FOUND',
  paymentMethodNotFound: 'PAYMENT_METHOD_NOT_FOUND',
  addressNotFound: 'ADDRESS_NOT_FOUND',
  /** a single-use card token older than GUEST_TOKEN_MAX_AGE_MS or already used (410) */
  tokenExpired: 'PAYMENT_TOKEN_EXPIRED',
  barcodeExpired: 'BARCODE_EXPIRED',
  makePrimaryFailed: 'MAKE_PRIMARY_FAILED',
} as const;


/** Actions offered with some codes (spec 8): label and where it goes ('retry' = try again in place). */
export type CardErrorAction = { label: string; to: 'retry' | '/account/cards/add' | 'choose-card' | 'choose-method' | 'card-page' };
export const cardCodeAction: Record<string, CardErrorAction> = {
  '121000': { label: 'Try again', to: 'retry' },
  '121001': { label: 'Try again', to: 'retry' },
  '121002': { label: 'Try again', to: 'retry' },
  '121017': { label: 'Try again', to: 'retry' },
  '122000': { label: 'Try again', to: 'retry' },
  '121025': { label: 'Choose different card', to: 'choose-card' },
  '121034': { label: 'Register this card', to: '/account/cards/add' },
  '121037': { label: 'Add it back', to: '/account/cards/add' },
  '121048': { label: 'Choose another method', to: 'choose-method' },
  UNEXPECTED_ERROR: { label: 'Try again', to: 'retry' },
};

// ---------------------------------------------------------------------------------------------------------------
// Money

/**
 * Amounts typed as decimals ("25", "25.5", "$25.00") → cents; anything unparsable → undefined
 * (spec 5: amounts are parsed as decimals and an unparsable one is omitted).
 */
export function parseDecimalAmount(input: string | number | null | undefined): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? Math.round(input * 100) : undefined;
  if (typeof input !== 'string') return undefined;
  const m = /^\s*\$?\s*([0-9]{1,6})(?:\.([0-9]{1,2}))?\s*$/.exec(input);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
/** "barcode number grouped by 4" */
export const groupCardNumber = (n: string) => n.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
/**
 * A card number as every answer outside the re-authenticated pay view shows it: the last four digits only
 * ('•••• 0001'). The full number never leaves the server after registration (issue 25).
 */
export const maskCardNumber = (n: string) => `•••• ${n.slice(-4)}`;
/** a pay code (what the barcode holds) lives 5 minutes and pays once; the overlay fetches a fresh one after 4 */
export const PAY_CODE_TTL_MS = 5 * 60_000;
export const PAY_CODE_REFRESH_MS = 4 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Field schemas

const Cents = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_CARD_BALANCE_CENTS, message));
const Risk = v.optional(v.looseObject({ deviceId: v.optional(v.pipe(v.string(), v.maxLength(200))), risk: v.optional(v.pipe(v.string(), v.maxLength(20))) }));

// ---------------------------------------------------------------------------------------------------------------
// Cards


export const LedgerEntry = v.object({
  id: v.number(),
  kind: v.picklist(['opening', 'reload', 'auto_reload', 'charge', 'transfer_in', 'transfer_out', 'adjustment', 'egift_issue']),
  amount: Money,
  balanceAfter: Money,
  description: v.nullable(v.string()),
  createdAt: v.string(),
});
export type LedgerEntry = v.InferOutput<typeof LedgerEntry>;

/** GET /account/cards (in card-fields.ts: the card list's readers do not load this module's request schemas) */
export { CardListResponse } from './card-fields.ts';
/** GET /account/cards/:cardId: the card and its latest 20 movements */
export const CardDetailResponse = v.object({ card: Card, history: v.array(LedgerEntry) });
export type CardDetailResponse = v.InferOutput<typeof CardDetailResponse>;

/**
 * POST /account/cards/barcode: the card by id (what the client holds) or by number (spec 7's request field, for a
 * member who types the number of a card they hold); one of the two.
 */
export const BarcodeRequest = v.pipe(
  v.object({ cardId: v.optional(CardId), cardNumber: v.optional(SvcCardNumber) }),
  v.check((r) => (r.cardId === undefined) !== (r.cardNumber === undefined), 'Give the card id or the card number.'),
);
export type BarcodeRequest = v.InferInput<typeof BarcodeRequest>;
/** A pay code: 16 digits, random, single use, expiring (PAY_CODE_TTL_MS); the register charges the card by it. */
export const PayCode = v.pipe(
  v.string('Scan or type the barcode number.'),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.regex(/^[0-9]{16}$/, 'A barcode number has 16 digits.'),
);
/**
 * uri: a data: URL of a PNG (PDF417 of the pay code); code: the same 16 digits (shown in groups of 4 for the
 * barista); expiresAt: ISO time; lastFour: the card's.
 */
export const BarcodeResponse = v.object({ uri: v.string(), code: v.string(), expiresAt: v.string(), lastFour: v.string(), format: v.literal('pdf417') });
export type BarcodeResponse = v.InferOutput<typeof BarcodeResponse>;


/** POST /account/cards/add: a physical card by number and security code, or `{ digitalCard: true }` */
export const AddCardRequest = v.union([
  v.object({
    cardNumber: SvcCardNumber,
    securityCode: SvcSecurityCode,
    nickname: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, 'Use 30 characters or fewer.'))),
    makePrimary: v.optional(v.boolean(), false),
    /** move the new card's balance onto the primary card at once (the card stays, with $0) */
    transferCard: v.optional(v.boolean(), false),
  }),
  v.object({ digitalCard: v.literal(true), nickname: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30))), makePrimary: v.optional(v.boolean(), false) }),
]);
export type AddCardRequest = v.InferInput<typeof AddCardRequest>;
/** addedAmount: the balance the card brought in; transferred: moved to the primary card (transferCard) */
export const AddCardResponse = v.object({ card: Card, addedAmount: Money, transferred: v.nullable(Money), makePrimaryFailed: v.boolean() });
export type AddCardResponse = v.InferOutput<typeof AddCardResponse>;

/** POST /account/cards/:cardId/reload */
export const ReloadRequest = v.object({
  amount: v.optional(v.pipe(v.number(CardMessages.reloadAmountInvalid), v.integer(CardMessages.reloadAmountInvalid), v.minValue(1, CardMessages.reloadAmountInvalid), v.maxValue(MAX_CARD_BALANCE_CENTS, CardMessages.reloadAmountInvalid))),
  paymentMethodId: v.optional(PaymentMethodId),
  idempotencyKey: IdempotencyKey,
  risk: Risk,
});
export type ReloadRequest = v.InferInput<typeof ReloadRequest>;
/** duplicate: present on a replay (same key, same request): 121063 and the first answer */
export const Duplicate = v.optional(v.object({ code: v.literal('121063'), message: v.string() }));
export const ReloadResponse = v.object({ card: Card, amount: Money, duplicate: Duplicate });
export type ReloadResponse = v.InferOutput<typeof ReloadResponse>;

/** POST /account/cards/:cardId/remove → the removed card's number (spec 7), masked ('•••• 0001') */
export const RemoveCardResponse = v.object({ cardNumber: v.string() });
/** POST /account/cards/:cardId/make-primary */
export const MakePrimaryResponse = v.object({ card: Card });
/** PATCH /account/cards/:cardId */
export const UpdateCardRequest = v.object({ nickname: v.pipe(v.string('Enter a nickname.'), v.trim(), v.nonEmpty('Enter a nickname.'), v.maxLength(30, 'Use 30 characters or fewer.')) });

/** transfer (GraphQL transferCardBalance; the REST twin POST /account/cards/transfer) */
export const TransferRequest = v.object({
  sourceCardId: CardId,
  targetCardId: CardId,
  /** cents; absent = the whole balance */
  amount: v.optional(Cents('Enter an amount to transfer.')),
  idempotencyKey: IdempotencyKey,
});
export type TransferRequest = v.InferInput<typeof TransferRequest>;
export const TransferResponse = v.object({ source: Card, target: Card, amount: Money, duplicate: Duplicate });
export type TransferResponse = v.InferOutput<typeof TransferResponse>;

/** auto reload (GraphQL create/update/disable): amounts in cents; missing amount 121009, missing trigger 121010 */
export const AutoReloadInput = v.object({
  cardId: CardId,
  amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(500), v.maxValue(MAX_CARD_BALANCE_CENTS))),
  triggerAmount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_CARD_BALANCE_CENTS))),
  paymentMethodId: v.optional(PaymentMethodId),
  risk: Risk,
});
export type AutoReloadInput = v.InferInput<typeof AutoReloadInput>;
export const DisableAutoReloadInput = v.object({ cardId: CardId, risk: Risk });

/** development register (POST /apiproxy/v1/dev/register/charge): a barista charges the card behind a scanned pay code */
export const RegisterChargeRequest = v.object({
  barcode: PayCode,
  amount: v.pipe(v.number('Enter an amount in cents.'), v.integer('Enter an amount in cents.'), v.minValue(1, 'Enter an amount in cents.'), v.maxValue(MAX_REGISTER_CHARGE_CENTS, 'At most $500 per sale.')),
  idempotencyKey: IdempotencyKey,
});
export type RegisterChargeRequest = v.InferInput<typeof RegisterChargeRequest>;
/** cardNumber masked ('•••• 0001') */
export const RegisterChargeResponse = v.object({
  cardNumber: v.string(),
  charged: Money,
  balance: Money,
  autoReloaded: v.nullable(Money),
  duplicate: Duplicate,
});
export type RegisterChargeResponse = v.InferOutput<typeof RegisterChargeResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Payment methods and the sandbox processor


const digitsOnly = v.transform((s: string) => s.replace(/[\s-]/g, ''));
/**
 * POST /apiproxy/v1/sandbox-processor/tokens: the processor's tokenisation endpoint (a real processor would
 * host it; the number and security code go there and never into the app's tables).
 */
export const TokenizeCardRequest = v.object({
  number: v.pipe(v.string('Enter a card number.'), digitsOnly, v.regex(/^[0-9]{12,19}$/, 'Enter a valid card number.')),
  expMonth: v.pipe(v.number('Enter the expiration month.'), v.integer(), v.minValue(1, 'Enter the expiration month.'), v.maxValue(12, 'Enter the expiration month.')),
  expYear: v.pipe(v.number('Enter the expiration year.'), v.integer(), v.minValue(2000, 'Enter the expiration year.'), v.maxValue(2100, 'Enter the expiration year.')),
  cvc: v.pipe(v.string('Enter the security code.'), v.regex(/^[0-9]{3,4}$/, 'Enter the 3- or 4-digit security code.')),
  postalCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10))),
  singleUse: v.optional(v.boolean(), false),
});
export type TokenizeCardRequest = v.InferInput<typeof TokenizeCardRequest>;
/** A card as the processor receives it (the validated tokenize request). */
export type CardDetails = v.InferOutput<typeof TokenizeCardRequest>;
export const TokenizeResponse = v.object({ token: v.string(), brand: PaymentType, lastFour: v.string(), expMonth: v.nullable(v.number()), expYear: v.nullable(v.number()), createdAt: v.string() });
export type TokenizeResponse = v.InferOutput<typeof TokenizeResponse>;
/** POST /apiproxy/v1/sandbox-processor/paypal/approve: the consent page's Approve */
export const PaypalApproveRequest = v.object({ email: v.pipe(v.string('Enter the PayPal email.'), v.trim(), v.email('Enter a valid email.'), v.maxLength(254)) });

/** POST /account/payment-methods: store a verified method from a processor token */
export const AddPaymentMethodRequest = v.object({
  token: v.pipe(v.string('Give a processor token.'), v.regex(/^tok_[A-Za-z0-9_]{8,64}$/, 'Not a processor token.')),
  billingAddressId: v.optional(OpaqueId),
  nickname: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, 'Use 30 characters or fewer.'))),
  makeDefault: v.optional(v.boolean(), false),
});
export type AddPaymentMethodRequest = v.InferInput<typeof AddPaymentMethodRequest>;
/** PATCH /account/payment-methods/:id (edit credit card: expiry, billing address, nickname) */
export const UpdatePaymentMethodRequest = v.object({
  expMonth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, 'Enter the expiration month.'), v.maxValue(12, 'Enter the expiration month.'))),
  expYear: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2000, 'Enter the expiration year.'), v.maxValue(2100, 'Enter the expiration year.'))),
  billingAddressId: v.optional(OpaqueId),
  nickname: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30, 'Use 30 characters or fewer.'))),
});

// ---------------------------------------------------------------------------------------------------------------
// Addresses (GraphQL)

const text = (label: string, max = 60) => v.pipe(v.string(`Enter ${label}.`), v.trim(), v.nonEmpty(`Enter ${label}.`), v.maxLength(max, `Use ${max} characters or fewer.`));
export const AddressInput = v.object({
  type: v.optional(v.picklist(['Billing', 'registration']), 'Billing'),
  firstName: text('a first name', 50),
  lastName: text('a last name', 50),
  phoneNumber: v.optional(v.nullable(v.pipe(v.string(), v.transform((s) => s.replace(/[\s().-]/g, '')), v.regex(/^([0-9]{10})?$/, AccountMessages.phoneInvalid)))),
  addressLine1: text('an address'),
  /** an empty second line is sent as null (spec 5) */
  addressLine2: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(60, 'Use 60 characters or fewer.')))),
  city: text('a city', 40),
  postalCode: v.pipe(v.string('Enter a ZIP code.'), v.trim(), v.regex(/^[0-9]{5}(-[0-9]{4})?$/, 'Enter a 5-digit ZIP code.')),
  countrySubdivision: v.pipe(v.string('Choose a state.'), v.trim(), v.regex(/^[A-Z]{2}$/, 'Choose a state.')),
  country: v.optional(v.literal('US', 'Only US addresses are supported.'), 'US'),
});
export type AddressInput = v.InferInput<typeof AddressInput>;
export const Address = v.object({
  addressId: v.string(),
  type: v.picklist(['Billing', 'registration']),
  firstName: v.string(),
  lastName: v.string(),
  phoneNumber: v.nullable(v.string()),
  addressLine1: v.string(),
  addressLine2: v.nullable(v.string()),
  city: v.string(),
  postalCode: v.string(),
  countrySubdivision: v.string(),
  country: v.string(),
});
export type Address = v.InferOutput<typeof Address>;

// GraphQL answers (spec 7 operations; schema: server/cards/graphql.ts; the client's documents, typed from the schema
// by gql.tada: src/services/cards.graphql.ts). Each validates a document's `data`.

/** GET_ADDRESS_LIST: null for a guest */
export const AddressListAnswer = v.object({ user: v.nullable(v.object({ addressList: v.array(Address) })) });
/** createAutoReload / updateAutoReload / disableAutoReload */
export const AutoReloadResult = v.object({
  cardId: v.string(),
  status: v.picklist(['active', 'disabled']),
  isActive: v.boolean(),
  amount: v.number(),
  triggerAmount: v.number(),
  paymentMethodId: v.string(),
  paymentInstrumentId: v.string(),
});
/** TRANSFER_CARD_BALANCE (cents); duplicateCode '121063' on a replay */
export const TransferBalanceResult = v.object({
  amount: v.number(),
  duplicateCode: v.nullable(v.string()),
  source: v.object({ cardId: v.string(), balance: v.number() }),
  target: v.object({ cardId: v.string(), balance: v.number() }),
});
export const SingleUseAddressResponse = v.object({ addressToken: v.string(), expiresAt: v.string() });

// ---------------------------------------------------------------------------------------------------------------
// Payment-method, transfer and guest payment forms (client texts; the spec does not show them: docs/cards.md)

export const PaymentFormMessages = {
  cardNumber: CardMessages.lookWrong,
  expiry: 'Enter a valid expiration date.',
  expired: CardMessages.expired,
  cvc: 'Enter the 3- or 4-digit security code.',
  paypalEmail: 'Enter a valid email.',
  paypalCancelled: 'PayPal was not added.',
  guestCardReady: 'Your card is ready for this order.',
  paymentMethodUpdated: 'Payment method updated',
  chooseSource: 'Choose a card with a balance.',
  chooseTarget: 'Choose a different card to transfer to.',
  transferAmount: 'Enter an amount up to the card balance.',
  noTransferSource: 'You need a card with a balance and a second card to transfer.',
} as const;

// small modules of their own, so ordering (contracts/ordering.ts) does not bring every card schema to the menu
export { CardMessages, IdempotencyKey, CardId, PaymentMethodId, GUEST_TOKEN_MAX_AGE_MS };
