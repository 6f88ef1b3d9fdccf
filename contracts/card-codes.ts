import { GENERIC_ERROR_MESSAGE } from './errors.ts';
import { CardMessages } from './card-messages.ts';

/**
 * The card and payment codes' catalogue (spec 8; re-exported by contracts/cards.ts), kept apart from the card
 * schemas so that a page which only reads the payment methods (the gift form) does not carry them.
 */
export const PAYMENT_METHOD_PROBLEM_CODES = ['121043', '121045', '121046', '121065', '121066', '121068', '121070', '121076'] as const;
export const PAYPAL_ERROR_CODES = ['121059', '121060', '121061', '121067', '121071', '121072'] as const;

export const GENERIC_CARD_ERROR = GENERIC_ERROR_MESSAGE;

/** The catalogue: code → message (spec 8). A server-supplied message takes precedence when present. */
export const cardCodeMessage: Record<string, string> = {
  '121000': CardMessages.lookWrong,
  '121001': CardMessages.lookWrong,
  '121002': CardMessages.lookWrong,
  '121017': CardMessages.lookWrong,
  '121005': CardMessages.reloadAmountMissing,
  '121009': CardMessages.autoReloadAmountMissing,
  '121010': CardMessages.autoReloadAmountMissing,
  '121023': CardMessages.balanceLimit,
  '121024': CardMessages.storeCredit,
  '121025': CardMessages.transferBalanceTooLow,
  '121030': CardMessages.cardInactive,
  '121032': CardMessages.lostOrStolen,
  '121033': CardMessages.international,
  '121034': CardMessages.notRegistered,
  '121035': CardMessages.fraud,
  '121036': CardMessages.reloadAmountInvalid,
  '121037': CardMessages.cardClosed,
  '121044': CardMessages.expired,
  '121048': CardMessages.rejected,
  '121062': CardMessages.antiFraud,
  '121063': CardMessages.duplicate,
  '121069': CardMessages.amex,
  '121075': CardMessages.generic,
  '123000': CardMessages.generic,
  '122000': CardMessages.alreadyRegistered,
  DIGITAL_CARD_PROVISION_ERROR: CardMessages.generic,
  INSUFFICIENT_BALANCE: CardMessages.insufficientBalance,
  UNEXPECTED_ERROR: CardMessages.generic,
  IDEMPOTENCY_KEY_REUSED: CardMessages.keyReused,
  CARD_HAS_BALANCE: CardMessages.cardHasBalance,
  CARD_NOT_FOUND: CardMessages.cardNotFound,
  PAYMENT_METHOD_NOT_FOUND: CardMessages.paymentMethodNotFound,
  ADDRESS_NOT_FOUND: CardMessages.addressNotFound,
  PAYMENT_TOKEN_EXPIRED: CardMessages.tokenExpired,
  BARCODE_EXPIRED: CardMessages.barcodeExpired,
  MAKE_PRIMARY_FAILED: CardMessages.makePrimaryFailed,
};
for (const c of PAYMENT_METHOD_PROBLEM_CODES) cardCodeMessage[c] = CardMessages.paymentMethodProblem;
for (const c of PAYPAL_ERROR_CODES) cardCodeMessage[c] = CardMessages.paypal;
