/**
 * The ordering machines' real actors (docs/machines.md: each only sends its input). Reads go through the query
 * cache (one queryOptions per read) so that moving between menu pages does not fetch the menu again.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { MenuResponse, ProductResponse } from '../../contracts/ordering.ts';
import type { MenuRequest } from '../../machines/menu.machine.ts';
import { fetchProduct, orderingOp } from './ordering.api.ts';

export const menuQuery = (input: MenuRequest) =>
  queryOptions({
    queryKey: ['ordering', 'menu', input.storeNumber ?? null, input.locale],
    queryFn: ({ signal }) => orderingOp('get-menu', input, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export interface ProductRequest {
  productNumber: number;
  formCode: string;
  storeNumber?: string;
  locale: string;
}
export const productQuery = (input: ProductRequest) =>
  queryOptions({
    queryKey: ['ordering', 'product', input.productNumber, input.formCode, input.storeNumber ?? null, input.locale],
    queryFn: ({ signal }) => fetchProduct(input, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function menuActors(queryClient: QueryClient) {
  return {
    loadMenu: fromPromise<MenuResponse, MenuRequest>(({ input }) => queryClient.fetchQuery(menuQuery(input))),
  };
}
export function productActors(queryClient: QueryClient) {
  return {
    loadProduct: fromPromise<ProductResponse, ProductRequest>(({ input }) => queryClient.fetchQuery(productQuery(input))),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout (machines/place-order.machine.ts)

import type { PricingResult as _PR, SubmitOrderResult, TimeSlotsResponse, CartItemInput } from '../../contracts/ordering.ts';
import type { PaymentChoice, PriceRequest, SubmitRequest } from '../../machines/place-order.machine.ts';
import type { CartItem } from '../../machines/ordering-types.ts';
import { GUEST_TOKEN_MAX_AGE_MS } from '../../contracts/card-shared.ts';
import type { GuestCard, GuestAddress } from './guest-payment.ts';

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
  queryOptions({ queryKey: ['ordering', 'time-slots', storeNumber], queryFn: ({ signal }) => orderingOp('get-store-time-slots', { storeNumber }, signal), staleTime: 60_000, retry: false });
export const pickupEstimateQuery = (storeNumber: string) =>
  queryOptions({ queryKey: ['ordering', 'pickup-estimate', storeNumber], queryFn: ({ signal }) => orderingOp('pre-order-pickup-estimate', { storeNumber }, signal), staleTime: 60_000, retry: false });
export const offersQuery = (storeNumber: string) =>
  queryOptions({ queryKey: ['ordering', 'offers', storeNumber], queryFn: ({ signal }) => orderingOp('get-offers', { storeNumber }, signal), staleTime: 60_000, retry: false });

/**
 * The store's pricing rules for this caller (GraphQL pricing-rules; spec 4: guest pricing rules are stale after 5
 * minutes): the product page takes its option limit from them. Never fails a page: on an error the answer is null
 * and the configured limits apply.
 */
export const pricingRulesQuery = (storeNumber: string | null, guest: boolean) =>
  queryOptions({
    queryKey: ['ordering', 'pricing-rules', storeNumber, guest],
    queryFn: ({ signal }) => orderingOp('pricing-rules', { ...(storeNumber ? { storeNumber } : {}), guest }, signal).catch(() => null),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** A member's ways to pay at checkout: stored-value cards (with balances), then saved credit cards and PayPal. */
export const walletQuery = queryOptions({
  queryKey: ['ordering', 'wallet'],
  queryFn: async () => {
    // the cards client (and its contract) loads only at checkout, not with every menu page
    const { cardsApi } = await import('./cards.actors.ts');
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

export function checkoutActors() {
  return {
    priceOrder: fromPromise<_PR, PriceRequest>(({ input, signal }) => {
      const { guest, ...req } = input;
      return orderingOp(guest ? 'price-order-guest' : 'price-order', req, signal);
    }),
    submitOrder: fromPromise<SubmitOrderResult, SubmitRequest>(({ input, signal }) => {
      const { guest, guestDetails, scheduledOrdering, ...rest } = input;
      const req = { ...rest, ...(scheduledOrdering ? { scheduledOrdering } : {}) };
      return guest ? orderingOp('submit-order-guest', { ...req, guest: guestDetails ?? { email: '', firstName: '', guestEmailMarketingOptIn: false } }, signal) : orderingOp('submit-order', req, signal);
    }),
    loadTimeSlots: fromPromise<TimeSlotsResponse, { storeNumber: string }>(({ input, signal }) => orderingOp('get-store-time-slots', input, signal)),
  };
}

/** The last order placed in this browser (for the success modal and curbside check-in: guests have only its token). */
export const LAST_ORDER_KEY = 'harbor.lastOrder.v1';
export interface LastOrder {
  orderId: string;
  orderToken: string;
  storeNumber: string;
  storeName: string;
  placedAt: string;
  total: number;
  pickupOption: string;
}
export function rememberLastOrder(o: LastOrder) {
  try {
    localStorage.setItem(LAST_ORDER_KEY, JSON.stringify(o));
  } catch {
    // blocked storage
  }
}
export function readLastOrder(): LastOrder | null {
  try {
    const raw = localStorage.getItem(LAST_ORDER_KEY);
    const o = raw ? (JSON.parse(raw) as LastOrder) : null;
    return o && typeof o.orderId === 'string' && typeof o.orderToken === 'string' ? o : null;
  } catch {
    return null;
  }
}
