import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../http/errors.ts';
import { cardCodeMessage, GENERIC_CARD_ERROR } from '../../contracts/cards.ts';

/** Status per card/payment code: 404 for ids that are not the caller's, 409 for state conflicts, 402 for payment refusals, else 422. */
const STATUS: Record<string, ContentfulStatusCode> = {
  CARD_NOT_FOUND: 404,
  PAYMENT_METHOD_NOT_FOUND: 404,
  ADDRESS_NOT_FOUND: 404,
  CARD_HAS_BALANCE: 409,
  PAYMENT_TOKEN_EXPIRED: 410,
  BARCODE_EXPIRED: 410,
  '121005': 400,
  '121009': 400,
  '121010': 400,
  '121036': 400,
};
const PAYMENT_REFUSALS = /^(121002|121017|121033|121035|121043|121044|121045|121046|121048|121059|121060|121061|121062|121065|121066|121067|121068|121069|121070|121071|121072|121075|121076|123000)$/;

/** An ApiError in the one error shape with the catalogue's message for `code`. */
export function cardError(code: string, extras: { field?: string } & Record<string, unknown> = {}): ApiError {
  const status = STATUS[code] ?? (PAYMENT_REFUSALS.test(code) ? 402 : 422);
  return new ApiError(status, code, cardCodeMessage[code] ?? GENERIC_CARD_ERROR, extras);
}
