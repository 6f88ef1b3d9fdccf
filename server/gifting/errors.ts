import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../http/errors.ts';
import { cardCodeMessage, GENERIC_CARD_ERROR } from '../../contracts/cards.ts';
import { GiftCodeMessage, GiftCodes, GiftMessages } from '../../contracts/gift.ts';

/**
 * Gift errors in the one shape `{ code, message, field? }` (docs/gifting.md 3.9), like cardError: 402 for payment
 * refusals, 404 for an unknown purchase, 409 for a claimed gift, 410 for a stale guest token, 422 otherwise.
 */
export const GiftErrorCodes = GiftCodes;
export type GiftErrorCode = (typeof GiftCodes)[keyof typeof GiftCodes];

const STATUS: Record<string, ContentfulStatusCode> = {
  GIFT_PURCHASE_NOT_FOUND: 404,
  GIFT_ALREADY_CLAIMED: 409,
  PAYMENT_TOKEN_EXPIRED: 410,
};

/** the text of a gift code (170046: its body; the heading and action are the client's) */
export function giftMessage(code: string): string {
  if (code === GiftCodes.duplicateRecipient) return GiftMessages.giftDuplicateBody;
  const key = GiftCodeMessage[code];
  return (key ? GiftMessages[key] : undefined) ?? cardCodeMessage[code] ?? GENERIC_CARD_ERROR;
}

export function giftError(code: string, extras: { field?: string } & Record<string, unknown> = {}): ApiError {
  return new ApiError(STATUS[code] ?? 422, code, giftMessage(code), extras);
}

/**
 * The gift code of a processor refusal at the worker's charge (3.9): payment-method problems, order failed (declined,
 * fraud, anti-fraud), expired card, a stale single-use token; anything else (121075, 123000, CHARGE_KEY_REUSED,
 * unknown) is a placement failure.
 */
export function giftCodeForRefusal(processorCode: string): GiftErrorCode {
  if (processorCode === 'PAYMENT_TOKEN_EXPIRED') return GiftErrorCodes.paymentTokenExpired;
  if (/^(121002|121043|121045|121046|121059|121060|121061|121065|121066|121067|121068|121069|121070|121071|121072|121076)$/.test(processorCode)) return GiftErrorCodes.paymentMethod;
  if (/^(121048|121035|121062)$/.test(processorCode)) return GiftErrorCodes.orderFailed;
  if (processorCode === '121044') return GiftErrorCodes.expiredCard;
  return GiftErrorCodes.placementFailed;
}
