/**
 * The checkout's operations (price-order, submit-order and their guest twins, time slots, pickup estimate, offers)
 * through the one GraphQL operation; answers validated with contracts/ordering.ts.
 */
import { graphql } from '../../graphql/graphql.ts';
import * as v from 'valibot';
import type { PriceOrderInput, SubmitOrderGuestInput, SubmitOrderInput } from '../../../contracts/ordering.ts';
import { OffersResponse, PickupEstimateResponse, PricingResult, SubmitOrderResult, TimeSlotsResponse } from '../../../contracts/ordering-checkout.ts';
import { graphqlOperation } from '../graphql.ts';

const OfferFields = graphql(`fragment OfferFields on Offer { code stars type couponId hasBeenApplied description }`);
const PricedItemFields = graphql(`fragment PricedItemFields on PricedItem { sku productNumber formCode sizeCode name sizeName quantity unitPrice totalPrice discount availability imageURL childItems { sku optionProductNumber name sizeCode quantity price } }`);
const PricingResultFields = graphql(`fragment PricingResultFields on PricingResult { orderId expiresIn expiresAt isTipEnabled additionalFeeDescription guest transaction { orderId } summary { price subtotal discount tax taxIncluded label currency lineItems { label amount kind } } store { storeNumber name countryCode countrySubdivisionCode svcOnly taxIncludedNote } cart { items { ...PricedItemFields } offers { ...OfferFields } } starsToEarn { svc other } fulfillment { consumptionType collectionType } }`, [PricedItemFields, OfferFields]);
const SubmitOrderResultFields = graphql(`fragment SubmitOrderResultFields on SubmitOrderResult { order { orderId orderToken storeNumber storeName status placedAt scheduledFor readyEstimateAt pickupOption consumptionType subtotal discount tax tipAmount total currency tender starsEarned starsSpent guest items { ...PricedItemFields } arrival { stallNumber pickUpOption arrivedAt displayName } } card { cardId balance reloaded autoReloaded } duplicate { code message } }`, [PricedItemFields]);

export const documents = {
  'price-order': graphql(`mutation PriceOrder($input: PriceOrderInput!) { priceOrder(input: $input) { ...PricingResultFields } }`, [PricingResultFields]),
  'price-order-guest': graphql(`mutation PriceOrderGuest($input: PriceOrderInput!) { priceOrderGuest(input: $input) { ...PricingResultFields } }`, [PricingResultFields]),
  'submit-order': graphql(`mutation SubmitOrder($input: SubmitOrderInput!) { submitOrder(input: $input) { ...SubmitOrderResultFields } }`, [SubmitOrderResultFields]),
  'submit-order-guest': graphql(`mutation SubmitOrderGuest($input: SubmitOrderGuestInput!) { submitOrderGuest(input: $input) { ...SubmitOrderResultFields } }`, [SubmitOrderResultFields]),
  'get-store-time-slots': graphql(`query GetStoreTimeSlots($input: StoreNumberInput!) { storeTimeSlots(input: $input) { storeNumber timeZone timeSlots { slotStart slotEnd label available } } }`),
  'pre-order-pickup-estimate': graphql(`query PreOrderPickupEstimate($input: StoreNumberInput!) { pickupEstimate(input: $input) { storeNumber options { code name available wait { minMinutes maxMinutes label } } } }`),
  'get-offers': graphql(`query GetOffers($input: GetOffersInput!) { offers(input: $input) { stars offers { ...OfferFields } } }`, [OfferFields]),
};
export const answers = {
  'price-order': v.object({ priceOrder: PricingResult }),
  'price-order-guest': v.object({ priceOrderGuest: PricingResult }),
  'submit-order': v.object({ submitOrder: SubmitOrderResult }),
  'submit-order-guest': v.object({ submitOrderGuest: SubmitOrderResult }),
  'get-store-time-slots': v.object({ storeTimeSlots: TimeSlotsResponse }),
  'pre-order-pickup-estimate': v.object({ pickupEstimate: PickupEstimateResponse }),
  'get-offers': v.object({ offers: OffersResponse }),
};

const run = graphqlOperation;
export const priceOrder = async (input: v.InferInput<typeof PriceOrderInput>, signal?: AbortSignal) => (await run(documents['price-order'], { input }, answers['price-order'], signal)).priceOrder;
export const priceOrderGuest = async (input: v.InferInput<typeof PriceOrderInput>, signal?: AbortSignal) =>
  (await run(documents['price-order-guest'], { input }, answers['price-order-guest'], signal)).priceOrderGuest;
export const submitOrder = async (input: v.InferInput<typeof SubmitOrderInput>, signal?: AbortSignal) => (await run(documents['submit-order'], { input }, answers['submit-order'], signal)).submitOrder;
export const submitOrderGuest = async (input: v.InferInput<typeof SubmitOrderGuestInput>, signal?: AbortSignal) =>
  (await run(documents['submit-order-guest'], { input }, answers['submit-order-guest'], signal)).submitOrderGuest;
export const getStoreTimeSlots = async (input: { storeNumber: string }, signal?: AbortSignal) =>
  (await run(documents['get-store-time-slots'], { input }, answers['get-store-time-slots'], signal)).storeTimeSlots;
export const getPickupEstimate = async (input: { storeNumber: string }, signal?: AbortSignal) =>
  (await run(documents['pre-order-pickup-estimate'], { input }, answers['pre-order-pickup-estimate'], signal)).pickupEstimate;
export const getOffers = async (input: { storeNumber?: string }, signal?: AbortSignal) => (await run(documents['get-offers'], { input }, answers['get-offers'], signal)).offers;
