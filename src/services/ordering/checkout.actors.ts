/** The checkout's reads and actors (machines/place-order.machine.ts): GraphQL through checkout.graphql.ts. */
import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { PricingResult, SubmitOrderResult, TimeSlotsResponse, CartItemInput } from '../../../contracts/ordering.ts';
import type { PaymentChoice, PriceRequest, SubmitRequest } from '../../../machines/place-order.machine.ts';
import type { CartItem } from '../../../machines/ordering-types.ts';
import { GUEST_TOKEN_MAX_AGE_MS } from '../../../contracts/card-shared.ts';
import type { GuestCard, GuestAddress } from '../guest-payment.ts';
import { callWith } from '../../../machines/flow.ts';
import { configQuery } from '../config.ts';
import { sessionQuery } from '../session.ts';
import { chosenStore, quietly, type LoaderContext } from './loader-context.ts';
import { getOffers, getPickupEstimate, getStoreTimeSlots, priceOrder, priceOrderGuest, submitOrder, submitOrderGuest } from './checkout.graphql.ts';

/**
 * A guest's way to pay (spec 1 §6, spec 2 §6): the single-use card the guest payment pages stored
 * (`readGuestPayment()`), charged through submit-order-guest as GUEST_CARD with its billing address token.
 */
export function guestPaymentChoices(stored: { card: GuestCard; address: GuestAddress } | null): PaymentChoice[] {
  if (!stored) return [];
  const { card, address } = stored;
  return [
    {
      id: card.token,
      tender: 'GUEST_CARD',
      label: `${card.brand.toUpperCase()} …${card.lastFour}`,
      expiresAt: new Date(Date.parse(card.createdAt) + GUEST_TOKEN_MAX_AGE_MS).toISOString(),
      addressToken: address.addressToken,
    },
  ];
}

export const timeSlotsQuery = (storeNumber: string) =>
  queryOptions({ queryKey: ['ordering', 'time-slots', storeNumber], queryFn: ({ signal }) => getStoreTimeSlots({ storeNumber }, signal), staleTime: 60_000, retry: false });
export const pickupEstimateQuery = (storeNumber: string) =>
  queryOptions({ queryKey: ['ordering', 'pickup-estimate', storeNumber], queryFn: ({ signal }) => getPickupEstimate({ storeNumber }, signal), staleTime: 60_000, retry: false });
export const offersQuery = (storeNumber: string) =>
  queryOptions({ queryKey: ['ordering', 'offers', storeNumber], queryFn: ({ signal }) => getOffers({ storeNumber }, signal), staleTime: 60_000, retry: false });

/** A member's ways to pay at checkout: stored-value cards (with balances), then saved credit cards and PayPal. */
export const walletQuery = queryOptions({
  queryKey: ['ordering', 'wallet'],
  queryFn: async () => {
    // the cards client (and its contract) loads only at checkout, not with every menu page
    const { cardsApi } = await import('../cards.actors.ts');
    const [{ cards }, { paymentMethods }] = await Promise.all([cardsApi.list(), cardsApi.methods()]);
    const payments: PaymentChoice[] = [
      ...cards.filter((c) => c.status === 'active').map((c) => ({ id: c.cardId, tender: 'SVC' as const, label: `${c.nickname} (…${c.lastFour})`, balance: c.balance.amount })),
      ...paymentMethods.map((m) => ({ id: m.paymentMethodId, tender: m.paymentType === 'paypal' ? ('PAYPAL' as const) : ('CREDIT_CARD' as const), label: m.paymentType === 'paypal' ? `PayPal${m.accountEmail ? ` (${m.accountEmail})` : ''}` : `${m.paymentType.toUpperCase()} …${m.accountNumberLastFour}` })),
    ];
    const reloadMethodId = (paymentMethods.find((m) => m.default && m.paymentType !== 'paypal') ?? paymentMethods.find((m) => m.paymentType !== 'paypal'))?.paymentMethodId ?? null;
    return { payments, reloadMethodId };
  },
  staleTime: 0,
});

/** The cart's items as price-order takes them (spec 5: child items with quantity 0 or less are sent as 1). */
export function cartItemsInput(items: readonly CartItem[]): CartItemInput[] {
  return items
    .filter((i) => i.availability === 'Available')
    .map((i) => ({ commerce: { sku: i.size.sku }, quantity: i.quantity, childItems: i.selectedOptions.map((o) => ({ commerce: { sku: o.sku }, quantity: o.quantity > 0 ? o.quantity : 1 })) }));
}

/** ordering's failures: the server sends the spec's text with each 4xx (contracts/ordering-messages.ts), so no
 * catalogue by code is registered; 5xx and network failures read as the generic text (errorText) */
const call = callWith({});

/** whether two orders' items are the same request (skus, quantities, child items, in order) */
export function sameItems(a: readonly CartItemInput[], b: readonly CartItemInput[]): boolean {
  const child = (x: CartItemInput, y: CartItemInput) =>
    (x.childItems ?? []).length === (y.childItems ?? []).length && (x.childItems ?? []).every((c, j) => c.commerce.sku === y.childItems?.[j]?.commerce.sku && c.quantity === y.childItems?.[j]?.quantity);
  return a.length === b.length && a.every((x, i) => x.commerce.sku === b[i]!.commerce.sku && x.quantity === b[i]!.quantity && child(x, b[i]!));
}

export function checkoutActors() {
  return {
    priceOrder: fromPromise<PricingResult, PriceRequest>(({ input, signal }) => {
      const { guest, ...req } = input;
      return call(guest ? priceOrderGuest(req, signal) : priceOrder(req, signal));
    }),
    submitOrder: fromPromise<SubmitOrderResult, SubmitRequest>(({ input, signal }) => {
      const { guest, guestDetails, scheduledOrdering, ...rest } = input;
      const req = { ...rest, ...(scheduledOrdering ? { scheduledOrdering } : {}) };
      return call(guest ? submitOrderGuest({ ...req, guest: guestDetails ?? { email: '', firstName: '', guestEmailMarketingOptIn: false } }, signal) : submitOrder(req, signal));
    }),
    loadTimeSlots: fromPromise<TimeSlotsResponse, { storeNumber: string }>(({ input, signal }) => call(getStoreTimeSlots(input, signal))),
  };
}

/**
 * The offers the checkout machine starts with (its input's `offers`): the cart's `?offer=` code (the home stream's
 * coupon 'Redeem', docs/home.md 2.1) when get-offers lists it for the member at the store, else none: an unknown,
 * used or unavailable code (or offers that could not be read) opens the cart without it.
 */
export function startingOffers(offer: string | undefined, offers: { offers: ReadonlyArray<{ code: string }> } | undefined): string[] {
  return offer && offers?.offers.some((o) => o.code === offer) ? [offer] : [];
}

/**
 * The cart and checkout's loader (/menu/cart, the guest checkout): the store's time slots and pickup estimate, and
 * for a member the offers and the wallet, all at once before the checkout machine starts (it used to wait for the
 * config, then the wallet, then the slots). The wallet is fetched again on each visit: its balances must be current.
 */
export async function loadCheckout(ctx: LoaderContext) {
  const { queryClient } = ctx;
  const storeNumber = chosenStore(ctx);
  const [session] = await Promise.all([queryClient.ensureQueryData(sessionQuery).catch(() => null), quietly(queryClient.ensureQueryData(configQuery))]);
  const member = !!session?.signedIn;
  await Promise.all([
    member ? quietly(queryClient.fetchQuery(walletQuery)) : undefined,
    storeNumber ? quietly(queryClient.ensureQueryData(timeSlotsQuery(storeNumber))) : undefined,
    storeNumber ? quietly(queryClient.ensureQueryData(pickupEstimateQuery(storeNumber))) : undefined,
    storeNumber && member ? quietly(queryClient.ensureQueryData(offersQuery(storeNumber))) : undefined,
  ]);
}
