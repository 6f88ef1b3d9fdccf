import * as v from 'valibot';
import { Card, CardInfoFromTokenRequest, Money, PaymentType, SvcCardNumber, SvcSecurityCode } from './card-fields.ts';
import { GUEST_TOKEN_MAX_AGE_MS } from './card-shared.ts';
import { GiftMessages } from './gift-messages.ts';
import { GIFT_CATEGORY_URN, GIFT_CONFIRMATION_STORAGE_KEY, GIFT_FORM_STORAGE_KEY, GIFT_LOCALE, GIFT_PRODUCT_NUMBER } from './gift-ids.ts';

/**
 * Gifting contracts (spec 3; docs/gifting.md sections 0 and 4): constants, and the valibot schemas shared by client
 * and server. Money is integer cents (`{ amount: 2500, currency: 'USD' }`). Texts live in contracts/gift-messages.ts.
 */
export { GiftMessages, GiftTexts, type GiftMessageKey } from './gift-messages.ts';

// ---------------------------------------------------------------------------------------------------------------
// Constants (docs/gifting.md section 0)

/** spec 9 */
export const GIFT_MESSAGE_MAX = 160;
/** spec 9 */
export const RECIPIENT_NAME_MAX = 25;
/** spec 9 "one reading"; the issue fixes 10 (server 400 on 11) */
export const MAX_RECIPIENTS = 10;
/** spec 9 */
export const INITIAL_RECIPIENTS = 1;
/** product number, category urn and locale: contracts/gift-ids.ts (the routes' params read them in the entry) */
export { GIFT_PRODUCT_NUMBER, GIFT_CATEGORY_URN, GIFT_LOCALE };
/** spec 4, 9: the default delay before the first status poll (env GIFT_STATUS_DELAY_MS; the POST answers it as `delay`) */
export const GIFT_STATUS_DELAY_MS = 4000;
/** design: the n-th EPROMISERETRY waits min(base·2^(n−1), max) */
export const GIFT_RETRY_BASE_MS = 1000;
export const GIFT_RETRY_MAX_MS = 8000;
/** design: worst case 4 + 1 + 2 + 4 + 8·6 = 59 s, then "still processing" */
export const GIFT_MAX_STATUS_POLLS = 10;
/** spec 4, 9: catalog and gift details go stale after 15 minutes (`staleTime` of their queryOptions) */
export const GIFT_STALE_MS = 15 * 60_000;
/** spec 9 (existing, contracts/card-shared.ts) */
export { GUEST_TOKEN_MAX_AGE_MS };
/** design: the only delivery method offered (spec: value "not shown") */
export const DELIVERY_METHOD = 'EMAIL';
/** spec 5: guests pay with these brands; PayPal for members only */
export const GIFT_GUEST_BRANDS = ['amex', 'discover', 'mastercard', 'visa'] as const;

/** client config defaults (AppConfig.gifting; server/config.ts, env overrides) */
export const GIFT_AMOUNT_OPTIONS = [1000, 2500, 5000, 10000] as const;
export const DEFAULT_GIFT_AMOUNT_OPTION = 2500;
export const GIFT_CUSTOM_AMOUNT_MIN = 500;
export const GIFT_CUSTOM_AMOUNT_MAX = 10000;

/** sessionStorage keys (docs/gifting.md section 1): contracts/gift-ids.ts (/gift/confirmation's beforeLoad reads one) */
export { GIFT_FORM_STORAGE_KEY, GIFT_CONFIRMATION_STORAGE_KEY };

/** Error codes of the gift catalogue (docs/gifting.md 3.9; spec 8 gives subjects, "codes not shown"). */
export const GiftCodes = {
  duplicateRecipient: '170046',
  retry: 'EPROMISERETRY',
  notFound: 'GIFT_NOT_FOUND',
  paymentMethod: 'GIFT_PAYMENT_METHOD',
  deliveryMethod: 'GIFT_DELIVERY_METHOD',
  unableToSend: 'GIFT_UNABLE_TO_SEND',
  cardArtUnavailable: 'GIFT_CARD_ART_UNAVAILABLE',
  addressUnavailable: 'GIFT_ADDRESS_UNAVAILABLE',
  billingAddress: 'GIFT_BILLING_ADDRESS',
  orderFailed: 'GIFT_ORDER_FAILED',
  expiredCard: 'GIFT_EXPIRED_CARD',
  placementFailed: 'GIFT_PLACEMENT_FAILED',
  paymentTokenExpired: 'PAYMENT_TOKEN_EXPIRED',
  alreadyClaimed: 'GIFT_ALREADY_CLAIMED',
  purchaseNotFound: 'GIFT_PURCHASE_NOT_FOUND',
  /** the card-balance check's one answer for unknown card, wrong code, closed or lost card */
  lookWrong: '121001',
  /** an unknown claim token (as get-card-info-from-token answers) */
  unknownToken: '121000',
} as const;
export type GiftCode = (typeof GiftCodes)[keyof typeof GiftCodes];

/** code → message key (the client's error catalogue maps through this; unknown codes → generic) */
export const GiftCodeMessage: Record<string, keyof typeof GiftMessages> = {
  [GiftCodes.duplicateRecipient]: 'giftDuplicateHeading',
  [GiftCodes.notFound]: 'giftFetchError',
  [GiftCodes.paymentMethod]: 'giftPaymentMethod',
  [GiftCodes.deliveryMethod]: 'giftDeliveryMethod',
  [GiftCodes.unableToSend]: 'giftUnableToSend',
  [GiftCodes.cardArtUnavailable]: 'giftCardArtUnavailable',
  [GiftCodes.addressUnavailable]: 'giftAddressUnavailable',
  [GiftCodes.billingAddress]: 'giftBillingAddress',
  [GiftCodes.orderFailed]: 'giftOrderFailed',
  [GiftCodes.expiredCard]: 'giftExpiredCard',
  [GiftCodes.placementFailed]: 'giftPlacementFailed',
  [GiftCodes.paymentTokenExpired]: 'cardTokenExpired',
  [GiftCodes.alreadyClaimed]: 'giftAlreadyClaimed',
  [GiftCodes.lookWrong]: 'balanceLookWrong',
  UNEXPECTED_ERROR: 'generic',
  RATE_LIMITED: 'rateLimited',
};

// ---------------------------------------------------------------------------------------------------------------
// Field schemas

export const GiftProductNumber = v.pipe(v.string(GiftMessages.giftFetchError), v.regex(GIFT_PRODUCT_NUMBER, GiftMessages.giftFetchError));
export const GiftCategoryUrn = v.pipe(v.string(GiftMessages.giftFetchError), v.regex(GIFT_CATEGORY_URN, GiftMessages.giftFetchError));
export const GiftLocale = v.literal(GIFT_LOCALE, 'The locale must be en-US.');
/** requestId: the client's `${keyBase}-${attempt}` (a UUID and a counter); also the X-Request-ID header */
export const GiftRequestId = v.pipe(v.string('Give a request id.'), v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'Not a request id.'));
const GiftEmail = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(254, message), v.email(message));
const GiftCents = v.object({
  amount: v.pipe(v.number(GiftMessages.giftAmountRange), v.integer(GiftMessages.giftAmountRange), v.minValue(1, GiftMessages.giftAmountRange)),
  currency: v.literal('USD'),
});
/** ISO calendar date (yyyy-mm-dd) */
const IsoDate = v.pipe(v.string(), v.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'Give the date as yyyy-mm-dd.'), v.isoDate('Give the date as yyyy-mm-dd.'));
/** the cards' risk shape (contracts/cards.ts) */
const GiftRisk = v.looseObject({ deviceId: v.optional(v.pipe(v.string(), v.maxLength(200))), risk: v.optional(v.pipe(v.string(), v.maxLength(20))) });

// ---------------------------------------------------------------------------------------------------------------
// POST /apiproxy/v1/gift/gift-purchase (spec 7)

export const GiftOrder = v.object({
  recipientEmail: GiftEmail(GiftMessages.recipientEmailMissing),
  recipientName: v.pipe(
    v.string(GiftMessages.recipientNameMissing),
    v.trim(),
    v.nonEmpty(GiftMessages.recipientNameMissing),
    v.maxLength(RECIPIENT_NAME_MAX, GiftMessages.recipientNameTooLong),
  ),
  /** any string on the wire: a method other than DELIVERY_METHOD answers GIFT_DELIVERY_METHOD (not a 400) */
  deliveryMethod: v.pipe(v.string(), v.maxLength(40)),
  /** today only (docs/gifting.md: future-dated delivery is an open doubt) */
  deliveryDate: v.optional(IsoDate),
  product: v.object({ productNumber: GiftProductNumber }),
  message: v.optional(v.pipe(v.string(), v.maxLength(GIFT_MESSAGE_MAX, `A Gift message can be up to ${GIFT_MESSAGE_MAX} characters.`))),
  amount: GiftCents,
});
export type GiftOrder = v.InferOutput<typeof GiftOrder>;

export const GiftPurchaseRequest = v.pipe(
  v.object({
    requestId: GiftRequestId,
    orderSource: v.literal('web'),
    locale: GiftLocale,
    currency: v.literal('USD'),
    paymentType: PaymentType,
    paymentInstrumentId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a payment instrument id.'))),
    paymentInstrumentToken: v.optional(v.pipe(v.string(), v.regex(/^tok_[A-Za-z0-9_]{8,64}$/, 'Not a processor token.'))),
    /** guest: the single-use billing address (ADD_SINGLE_USE_BILLING_ADDRESS), required with a token */
    addressToken: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,200}$/, GiftMessages.giftBillingAddress))),
    senderEmail: GiftEmail(GiftMessages.senderEmailMissing),
    senderName: v.pipe(v.string(GiftMessages.senderNameMissing), v.trim(), v.nonEmpty(GiftMessages.senderNameMissing), v.maxLength(50, 'Use 50 characters or fewer.')),
    egifts: v.pipe(
      v.array(GiftOrder, 'Add a recipient.'),
      v.minLength(1, 'Add a recipient.'),
      v.maxLength(MAX_RECIPIENTS, `A gift can go to at most ${MAX_RECIPIENTS} recipients.`),
    ),
    totalAmount: GiftCents,
    risk: v.optional(GiftRisk),
  }),
  v.forward(
    v.check((r) => (r.paymentInstrumentId === undefined) !== (r.paymentInstrumentToken === undefined), GiftMessages.paymentMissing),
    ['paymentInstrumentId'],
  ),
  v.forward(
    v.check((r) => r.paymentInstrumentToken === undefined || r.addressToken !== undefined, GiftMessages.giftBillingAddress),
    ['addressToken'],
  ),
);
export type GiftPurchaseRequest = v.InferOutput<typeof GiftPurchaseRequest>;
export type GiftPurchaseRequestInput = v.InferInput<typeof GiftPurchaseRequest>;

/** 202 answer: poll the status after `delay` ms */
export const GiftPurchaseAccepted = v.object({ delay: v.number(), requestId: v.string() });
export type GiftPurchaseAccepted = v.InferOutput<typeof GiftPurchaseAccepted>;

// ---------------------------------------------------------------------------------------------------------------
// GET /apiproxy/v1/gift/gift-purchase-status (header X-Request-ID)

export const GiftStatusQuery = v.object({ 'zero-retries': v.optional(v.picklist(['true', 'false'], "zero-retries is 'true' or 'false'.")) });
export type GiftStatusQuery = v.InferOutput<typeof GiftStatusQuery>;

/** queued: code 'EPROMISERETRY'; fulfilled: orderNumber and code null; failed: a gift code and its message */
export const GiftPurchaseStatus = v.object({
  orderNumber: v.nullable(v.string()),
  zeroRetries: v.optional(v.boolean()),
  data: v.object({ context: v.object({ code: v.nullable(v.string()), orderNumber: v.nullable(v.string()), message: v.optional(v.string()) }) }),
});
export type GiftPurchaseStatus = v.InferOutput<typeof GiftPurchaseStatus>;

// ---------------------------------------------------------------------------------------------------------------
// GraphQL GET_DIGITAL_GIFTS, GET_DIGITAL_GIFT_CARD (server/gifting/graphql.ts)

export const DigitalGiftsVariables = v.object({ locale: GiftLocale });
export type DigitalGiftsVariables = v.InferOutput<typeof DigitalGiftsVariables>;
export const DigitalGiftCardVariables = v.object({ productNumber: GiftProductNumber, locale: GiftLocale });
export type DigitalGiftCardVariables = v.InferOutput<typeof DigitalGiftCardVariables>;

/** A design as the catalog lists it (what GET_DIGITAL_GIFTS selects). */
export const GiftCatalogProduct = v.object({ productNumber: v.string(), altText: v.string(), largeImageUrl: v.string() });
export type GiftCatalogProduct = v.InferOutput<typeof GiftCatalogProduct>;
export const GiftCategory = v.object({ urn: v.string(), name: v.string(), eGifts: v.array(GiftCatalogProduct) });
export type GiftCategory = v.InferOutput<typeof GiftCategory>;
export const DigitalGiftsAnswer = v.object({ gift: v.object({ categories: v.array(GiftCategory) }) });
export type DigitalGiftsAnswer = v.InferOutput<typeof DigitalGiftsAnswer>;

/** One design (GET_DIGITAL_GIFT_CARD); `available: false` = retired (loads, but cannot be bought). */
export const GiftProduct = v.object({
  productNumber: v.string(),
  altText: v.string(),
  largeImageUrl: v.string(),
  categoryUrn: v.string(),
  available: v.boolean(),
});
export type GiftProduct = v.InferOutput<typeof GiftProduct>;
export const DigitalGiftCardAnswer = v.object({ giftCard: GiftProduct });
export type DigitalGiftCardAnswer = v.InferOutput<typeof DigitalGiftCardAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// POST /apiproxy/v1/unauth/card-balance (spec: "exists; path and payload not shown")

export const CardBalanceRequest = v.object({ cardNumber: SvcCardNumber, securityCode: SvcSecurityCode });
export type CardBalanceRequest = v.InferOutput<typeof CardBalanceRequest>;
/** never the number: the last four and the balance */
export const CardBalanceResponse = v.object({ lastFour: v.string(), balance: Money });
export type CardBalanceResponse = v.InferOutput<typeof CardBalanceResponse>;

// ---------------------------------------------------------------------------------------------------------------
// GET /apiproxy/v1/gift/history?page=&pageSize= (member; spec: "not shown")

const PositiveInt = (fallback: string, max: number, message: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^[0-9]{1,6}$/, message),
    v.transform(Number),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(max, message),
  );
export const GiftHistoryQuery = v.object({
  page: PositiveInt('1', 100_000, 'page is a whole number from 1.'),
  pageSize: PositiveInt('10', 20, 'pageSize is a whole number from 1 to 20.'),
});
export type GiftHistoryQuery = v.InferOutput<typeof GiftHistoryQuery>;

export const GiftDeliveryState = v.picklist(['queued', 'sent', 'claimed']);
export type GiftDeliveryState = v.InferOutput<typeof GiftDeliveryState>;
export const GiftHistoryEntry = v.object({
  requestId: v.string(),
  orderNumber: v.nullable(v.string()),
  status: v.picklist(['queued', 'fulfilled', 'failed']),
  createdAt: v.string(),
  product: GiftCatalogProduct,
  amount: Money,
  totalAmount: Money,
  message: v.nullable(v.string()),
  recipients: v.array(v.object({ recipientName: v.string(), recipientEmail: v.string(), deliveryState: GiftDeliveryState })),
});
export type GiftHistoryEntry = v.InferOutput<typeof GiftHistoryEntry>;
export const GiftHistoryResponse = v.object({ gifts: v.array(GiftHistoryEntry), page: v.number(), pageSize: v.number(), total: v.number() });
export type GiftHistoryResponse = v.InferOutput<typeof GiftHistoryResponse>;

// ---------------------------------------------------------------------------------------------------------------
// POST /apiproxy/v1/account/cards/claim-egift { cashstarToken } (member)

export const ClaimEgiftRequest = CardInfoFromTokenRequest;
export type ClaimEgiftRequest = v.InferOutput<typeof ClaimEgiftRequest>;
export const ClaimEgiftResponse = v.object({ card: Card });
export type ClaimEgiftResponse = v.InferOutput<typeof ClaimEgiftResponse>;

/** the art of a design: a local SVG (public/gift/art/<art>.svg) */
export const giftArtUrl = (art: string) => `/gift/art/${art}.svg`;
