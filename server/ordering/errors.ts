import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../http/errors.ts';
import { OrderingCodes, OrderingMessages, PricingCodes } from '../../contracts/ordering.ts';

/** Ordering failures in the one error shape (contracts/errors.ts); GraphQL carries them in `extensions`. */
const M = OrderingMessages;
const TEXT: Record<string, [ContentfulStatusCode, string]> = {
  [PricingCodes.missingCountry]: [422, M.missingCountry],
  [PricingCodes.unexpected]: [422, M.unexpected],
  [PricingCodes.itemsNotFound]: [404, M.itemsNotFound],
  [PricingCodes.itemsUnavailable]: [422, M.itemsUnavailable],
  [PricingCodes.storeNotFound]: [404, M.storeNotFound],
  [PricingCodes.highVolume]: [422, M.highVolume],
  [PricingCodes.storeUnavailable]: [422, M.storeUnavailable],
  [PricingCodes.storeNotAvailable]: [422, M.storeUnavailable],
  [PricingCodes.wrongRegion]: [422, M.wrongRegion],
  [PricingCodes.mopUnavailable]: [422, M.storeUnavailable],
  [PricingCodes.storeClosed]: [422, M.storeClosed],
  [PricingCodes.mopNotAccepted]: [422, M.mopNotAccepted],
  [PricingCodes.chooseDifferentItem]: [422, M.chooseDifferentItem],
  [PricingCodes.rewardNotApplied]: [422, M.offerNotApplied],
  [OrderingCodes.stalePricing]: [409, M.stalePricing],
  [OrderingCodes.timeSlotUnavailable]: [409, M.timeSlotUnavailable],
  [OrderingCodes.timeUnavailable]: [409, M.timeUnavailable],
  [OrderingCodes.orderAlreadyPlaced]: [409, M.orderAlreadyPlaced],
  [OrderingCodes.orderNotFound]: [404, M.orderNotFound],
  [OrderingCodes.insufficientBalance]: [402, M.insufficientBalanceShort],
  [OrderingCodes.svcOnlyStore]: [422, M.svcOnly('Harbor')],
  [OrderingCodes.tipNotAllowed]: [422, M.tipNotAllowed],
  [OrderingCodes.menuNotFound]: [404, M.categoryNotFound],
  [OrderingCodes.emptyMenu]: [404, M.emptyMenu],
  [OrderingCodes.menuLoadError]: [500, M.menuLoadError],
  [OrderingCodes.categoryNotFound]: [404, M.categoryNotFound],
  [OrderingCodes.productNotFound]: [404, M.productNotFound],
  [OrderingCodes.favoritesMaximum]: [409, M.favoritesMaximum],
  [OrderingCodes.favoriteNotFound]: [404, M.favoriteNotFound],
  [OrderingCodes.curbsideUnavailable]: [409, M.curbsideUnavailable],
  [OrderingCodes.curbsideClosed]: [409, M.curbsideClosed],
  [OrderingCodes.stallInvalid]: [400, M.selectParkingSpot],
  [OrderingCodes.pickupOptionUnavailable]: [422, M.pickupOptionUnavailable],
};

export function orderingError(code: string, extras: { field?: string; message?: string } & Record<string, unknown> = {}): ApiError {
  const [status, text] = TEXT[code] ?? [422, M.unexpected];
  const { message, ...rest } = extras;
  return new ApiError(status, code, message ?? text, rest);
}
