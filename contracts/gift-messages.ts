import { GENERIC_ERROR_MESSAGE } from './errors.ts';
import { CARD_TOKEN_EXPIRED_MESSAGE } from './card-shared.ts';

/**
 * Gifting texts (spec 3 sections 2, 8; docs/gifting.md). Texts marked "spec" are literal from the spec and are
 * asserted as literals; "design" texts are ours (the spec names the message but does not show it). Written once
 * here: machines hold message keys, views and the error catalogue look the text up. A module of its own so the
 * error catalogue does not carry the gift schemas (contracts/gift.ts).
 */
export const GiftMessages = {
  // --- spec 8 "Gifting"
  /** spec: details/category load failed, product number not 8 digits, unknown design or category */
  giftFetchError: 'Could not find the card(s) you were looking for.',
  /** spec: UNEXPECTED_ERROR is the generic text */
  generic: GENERIC_ERROR_MESSAGE,
  // 170046 (design texts; spec: "a heading with a got-it action")
  giftDuplicateHeading: 'Each recipient needs their own email',
  giftDuplicateBody: 'Two recipients have the same email address. Change one and buy again.',
  giftDuplicateAction: 'Got it',
  // the other gift messages (spec names the subject, design words them; codes of docs/gifting.md 3.9)
  giftPaymentMethod: "There's a problem with your payment method. Choose another one or try again.",
  giftDeliveryMethod: 'The delivery method must be an email or a Facebook account.',
  giftUnableToSend: "We couldn't send your gift. Check the recipient info and try again.",
  giftCardArtUnavailable: 'This card design is unavailable. Choose another design.',
  giftAddressUnavailable: "We couldn't find the billing address for this payment method. Edit it or choose another.",
  giftBillingAddress: "There's a problem with your billing address. Enter it again.",
  giftOrderFailed: "Your order didn't go through and you weren't charged. Try again or use another payment method.",
  giftExpiredCard: 'Your card may have expired. Choose another payment method.',
  giftPlacementFailed: "We couldn't place your order. Please try again.",
  /** existing text (contracts/card-shared.ts): guest token older than 5 minutes or used */
  cardTokenExpired: CARD_TOKEN_EXPIRED_MESSAGE,
  giftAlreadyClaimed: 'This gift has already been claimed.',
  giftLinkInvalid: 'This gift link is not valid.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',

  // --- spec 8 form messages (all spec)
  giftMessageEmpty: 'Enter a Gift message',
  giftDesignMissing: 'Choose a Gift design',
  giftAmountRange: 'Enter a Gift amount between $5 and $100',
  senderNameMissing: 'Enter your name',
  senderEmailMissing: 'Enter your email address',
  recipientNameMissing: "Enter the recipient's name",
  recipientEmailMissing: "Enter the recipient's email address",
  paymentMissing: 'Add a payment method',
  recipientNameTooLong: 'Recipient name can be up to 25 characters',

  // --- purchase progress (design)
  giftSending: 'Sending your gift…',
  giftStillSending: 'Still sending your gift…',
  giftProcessing: "Your gift is still being processed. We'll email you a receipt when it's sent.",
  paypalRefused: 'PayPal can pay for a gift to one recipient.',

  // --- claim and history (design)
  claimSignIn: 'Sign in or create an account to add this gift to your cards.',
  giftClaimed: 'Gift added to your cards',
  giftHistoryEmpty: "You haven't sent any eGifts yet.",

  // --- card-balance check (the SvcCardNumber / SvcSecurityCode texts of contracts/cards.ts; 121001's text)
  balanceCardNumberInvalid: 'A valid card number has 16 digits.',
  balanceSecurityCodeInvalid: 'A valid security code has 8 digits.',
  balanceLookWrong: "That card number or security code doesn't look right.",
} as const;
export type GiftMessageKey = keyof typeof GiftMessages;

/** Page texts and labels (spec where marked, otherwise design; docs/gifting.md section 1). */
export const GiftTexts = {
  /** design */
  catalogTitle: 'eGift cards',
  /** design: '{category name} eGifts' */
  categoryTitle: (name: string) => `${name} eGifts`,
  allCategories: 'All eGift cards',
  /** design: the link from a category heading to its page */
  seeCategory: (name: string) => `See all ${name} eGifts`,
  confirmationTitle: 'Your eGift is on its way',
  claimTitle: 'Add your eGift',
  historyTitle: 'Gift history',
  /** spec */
  choosePayment: 'Choose payment',
  /** spec */
  paymentReminder: 'Double-check all recipient emails before buying',
  /** design: shown when showBulkGiftBanner */
  bulkBanner: 'Gifting a group? Add up to 10 recipients to one eGift.',
  checkBalanceLink: 'Check your card balance',
  checkBalanceHeading: 'Check your card balance',
  checkBalanceButton: 'Check balance',
  checkAnother: 'Check another card',
  cardNumberLabel: 'Card number',
  securityCodeLabel: 'Security code',
  /** design: the balance answer, e.g. 'Card •••• 0001 has $25.00' */
  balanceResult: (lastFour: string, amount: string) => `Card •••• ${lastFour} has ${amount}`,
  retry: 'Try again',
  /** design: 'Step n of 3' signed in, 'Step n of 2' otherwise */
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  stepAmount: 'Amount and message',
  stepRecipients: 'Recipients',
  stepPayment: 'Payment',
  stepDetails: 'Gift details',
  deliveryEmail: 'Email',
  deliveryQueued: 'Queued',
  deliverySent: 'Sent',
  deliveryClaimed: 'Claimed',
  // --- claim page and gift history (design; docs/gifting.md 1, 2.5, 2.6)
  claimAdd: 'Add to my cards',
  claimSignInButton: 'Sign in',
  claimCreateAccount: 'Create an account',
  /** design: 'A $25.00 eGift for you' */
  claimAmount: (amount: string) => `A ${amount} eGift for you`,
  /** design: 'Card •••• 0421' */
  claimCardLastFour: (lastFour: string) => `Card •••• ${lastFour}`,
  seeMyCards: 'See my cards',
  browseGifts: 'Browse eGift cards',
  /** design: 'Sent Nov 20, 2026' */
  historySentOn: (date: string) => `Sent ${date}`,
  historyOrder: (orderNumber: string) => `Order ${orderNumber}`,
  /** design: '$25.00 each, total $50.00' */
  historyAmounts: (each: string, total: string) => `${each} each, total ${total}`,
  historyRecipients: 'Recipients',
  historyNotSent: "This eGift wasn't sent: the payment didn't go through.",
  historyPrevious: 'Previous',
  historyNext: 'Next',
  /** design: 'Page 1 of 2' */
  historyPageOf: (page: number, last: number) => `Page ${page} of ${last}`,
} as const;
