/**
 * Types, guards and actions of the place-order machine (machines/place-order.machine.ts): pricing of the cart at
 * the store (price-order / price-order-guest), payment, tip, reload, pickup time, submit.
 */
import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { actionForPricingCode, reloadAmountOptions, tipAllowed } from '../contracts/ordering-rules.ts';
import type {
  CartItemInput,
  PickupOptionCode,
  PricingResult,
  SubmitOrderResult,
  TenderType,
  TimeSlot,
  TimeSlotsResponse,
} from '../contracts/ordering.ts';
import { PATHS, pathTo } from './app-paths.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';

export interface PaymentChoice {
  /** SVC: cardId; CREDIT_CARD / PAYPAL: paymentMethodId; GUEST_CARD: the single-use token */
  id: string;
  tender: TenderType;
  label: string;
  /** stored-value card balance (minor units) */
  balance?: number;
  /** GUEST_CARD: when the single-use token may no longer be charged (ISO time; spec 2 §9, 5 minutes) */
  expiresAt?: string;
  /** GUEST_CARD: the single-use billing address token sent with the order */
  addressToken?: string;
}
export interface GuestDetails {
  email: string;
  firstName: string;
  guestEmailMarketingOptIn: boolean;
  /** the single-use billing address of the guest's card (set by submitRequest from the selected GUEST_CARD) */
  addressToken?: string;
}
export interface PlaceOrderInput {
  guest: boolean;
  storeNumber: string;
  items: CartItemInput[];
  offers: string[];
  pickupOption: PickupOptionCode;
  payments: PaymentChoice[];
  /** config svcReloadOptions (minor units) */
  reloadAmounts: number[];
  /** the payment method a 'Reload & place order' charges (a member's default credit card), if any */
  reloadMethodId: string | null;
  slots: TimeSlot[];
  /** a fresh random key per checkout (made by the route); the submit key is it plus the quote's orderId */
  keyBase: string;
  locale: string;
  /** the checkout's own page (/menu/cart or /menu/cart/guest/checkout): a guest adding a card comes back here */
  returnPath?: string;
  /** issue 30: what the guest typed before going to add a card (or the billing address's first name) */
  guestDetails?: GuestDetails | null;
}
export type PlaceOrderNotice = 'paymentNotAccepted' | 'offerNotApplied' | 'noPaymentSelected' | 'balanceTooLow' | 'insufficientBalance' | 'timeSlotUnavailable' | 'guestDetailsMissing' | 'guestCardExpired' | 'unexpectedError';
export interface PlaceOrderContext extends Omit<PlaceOrderInput, 'guestDetails'> {
  pricing: PricingResult | null;
  paymentId: string | null;
  /** minor units */
  tip: number;
  reload: { paymentMethodId: string; amount: number } | null;
  reloadOptions: number[];
  slotStart: string | null;
  guestDetails: GuestDetails | null;
  notice: PlaceOrderNotice | null;
  /** a pricing or submit failure: its code and the server's text */
  failure: { code: string; message: string } | null;
  order: SubmitOrderResult | null;
  /** where `redirect` goes (docs/machines.md "Navigation: typed paths") */
  destination: string | null;
}
export type PlaceOrderEvent =
  | { type: 'user.selectPayment'; id: string }
  | { type: 'user.addPayment' }
  | { type: 'user.setTip'; amount: number }
  | { type: 'user.dismissTipRemoved' }
  | { type: 'user.selectPickup'; code: PickupOptionCode }
  | { type: 'user.selectSlot'; slotStart: string | null }
  | { type: 'user.selectReload'; amount: number }
  | { type: 'user.selectReloadSource'; paymentMethodId: string }
  | { type: 'user.setGuest'; details: GuestDetails }
  | { type: 'user.submit'; at: number }
  | { type: 'user.refresh' }
  | { type: 'user.gotIt' }
  | { type: 'user.chooseStore' }
  | { type: 'user.chooseItem' }
  | { type: 'user.tryAgain' }
  | { type: 'cart.changed'; items: CartItemInput[] }
  | { type: 'store.changed'; storeNumber: string }
  | { type: 'offers.changed'; offers: string[] }
  // the invokes' answers
  | DoneActorEvent<PricingResult, 'priceOrder'>
  | ErrorActorEvent<unknown, 'priceOrder'>
  | DoneActorEvent<SubmitOrderResult, 'submitOrder'>
  | ErrorActorEvent<unknown, 'submitOrder'>
  | DoneActorEvent<TimeSlotsResponse, 'loadTimeSlots'>
  | ErrorActorEvent<unknown, 'loadTimeSlots'>;

export interface PriceRequest {
  guest: boolean;
  storeNumber: string;
  order: { cart: { items: CartItemInput[]; offers: Array<{ code: string }> }; fulfillment: { consumptionType: 'ConsumeOutOfStore'; collectionType: PickupOptionCode } };
  locale: string;
}
export interface SubmitRequest {
  guest: boolean;
  orderId: string;
  storeNumber: string;
  tenders: Array<{ tender: TenderType; id: string; amount: number }>;
  tipAmount: number;
  scheduledOrdering: { slotStart: string } | null;
  reload?: { paymentMethodId: string; amount: number };
  idempotencyKey: string;
  guestDetails?: GuestDetails;
}

const payment = (c: Pick<PlaceOrderContext, 'payments' | 'paymentId'>) => c.payments.find((p) => p.id === c.paymentId) ?? null;
export const selectedPayment = payment;
const price = (c: Pick<PlaceOrderContext, 'pricing'>) => c.pricing?.summary.price ?? 0;
/** 'Reload & place order': the stored-value card's balance is below the total plus tip */
export const balanceShort = (c: Pick<PlaceOrderContext, 'payments' | 'paymentId' | 'pricing' | 'tip'>) => {
  const p = payment(c);
  return p?.tender === 'SVC' && (p.balance ?? 0) < price(c) + c.tip;
};
/** the saved cards a 'Reload & place order' may charge (a member's credit and debit cards; PayPal cannot reload) */
export const reloadSources = (c: Pick<PlaceOrderContext, 'payments'>) => c.payments.filter((p) => p.tender === 'CREDIT_CARD');
/**
 * Issue 30: the reload is offered at once. Whenever the quote, the payment or the tip changes, a short stored-value
 * card gets its reload amounts (spec 5: the configured ones covering total + tip - balance) and the smallest of them
 * from the chosen source is preselected, so 'Reload & place order' places the order with one click; a card that covers
 * the total has no reload.
 */
function offeredReload(c: PlaceOrderContext): Pick<PlaceOrderContext, 'reload' | 'reloadOptions'> {
  if (!balanceShort(c)) return { reload: null, reloadOptions: [] };
  const reloadOptions = reloadAmountOptions(price(c), c.tip, payment(c)?.balance ?? 0, c.reloadAmounts);
  const first = reloadOptions[0];
  return { reloadOptions, reload: c.reloadMethodId && first !== undefined ? { paymentMethodId: c.reloadMethodId, amount: first } : null };
}
/** what a failed pricing asks for (the one event the pricing-code guards serve) */
const action = (event: PlaceOrderEvent) => {
  assertEvent(event, 'xstate.error.actor.priceOrder');
  return actionForPricingCode(asFlowError(event.error).code);
};
/** the code of a failed submit (the one event the submit-code guards serve) */
const code = (event: PlaceOrderEvent) => {
  assertEvent(event, 'xstate.error.actor.submitOrder');
  return asFlowError(event.error).code;
};

export const placeOrderSetup = setup({
  types: { context: {} as PlaceOrderContext, events: {} as PlaceOrderEvent, input: {} as PlaceOrderInput },
  actors: {
    priceOrder: fromPromise<PricingResult, PriceRequest>(async () => notProvided('priceOrder')),
    submitOrder: fromPromise<SubmitOrderResult, SubmitRequest>(async () => notProvided('submitOrder')),
    loadTimeSlots: fromPromise<TimeSlotsResponse, { storeNumber: string }>(async () => notProvided('loadTimeSlots')),
  },
  delays: {
    /** spec 4: stale after 5 minutes, or at expiresAt when that comes first */
    pricingStale: ({ context }) => Math.max(0, Math.min(5 * 60_000, context.pricing ? Date.parse(context.pricing.expiresAt) - Date.now() : 0)),
  },
  guards: {
    offerNotApplied: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.priceOrder');
      return context.offers.length > 0 && event.output.cart.offers.some((o) => context.offers.includes(o.code) && !o.hasBeenApplied);
    },
    isChooseStoreCode: ({ event }) => action(event) === 'choose-store',
    isMenuCode: ({ event }) => action(event) === 'menu',
    /** issue 30: the bag holds items the store does not sell now: they are marked, the rest priced (not a bare 'got it') */
    isItemsGonePricing: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.priceOrder');
      const c = asFlowError(event.error).code;
      return c === 'ITEMS_UNAVAILABLE' || c === 'ITEMS_NOT_FOUND';
    },
    isGotItCode: ({ event }) => action(event) === 'got-it' || action(event) === 'server-message',
    isRewardNotApplied: ({ event }) => action(event) === 'offer-not-applied',
    /** an unknown payment, or another type than the stored-value card at a store that takes only those */
    isRefusedPayment: ({ context, event }) => {
      assertEvent(event, 'user.selectPayment');
      const p = context.payments.find((x) => x.id === event.id);
      return !p || (!!context.pricing?.store.svcOnly && p.tender !== 'SVC');
    },
    dropsTip: ({ context, event }) => {
      assertEvent(event, 'user.selectPayment');
      return context.tip > 0 && context.payments.find((x) => x.id === event.id)?.tender !== 'SVC';
    },
    canTip: ({ context, event }) => {
      assertEvent(event, 'user.setTip');
      return Number.isInteger(event.amount) && event.amount >= 0 && event.amount <= 5000 && tipAllowed(!!context.pricing?.isTipEnabled, price(context), payment(context)?.tender);
    },
    canReload: ({ context, event }) => {
      assertEvent(event, 'user.selectReload');
      return !!context.reloadMethodId && balanceShort(context) && reloadAmountOptions(price(context), context.tip, payment(context)?.balance ?? 0, context.reloadAmounts).includes(event.amount);
    },
    /** one of the member's saved cards, while the stored-value card is short */
    isReloadSource: ({ context, event }) => {
      assertEvent(event, 'user.selectReloadSource');
      return balanceShort(context) && reloadSources(context).some((p) => p.id === event.paymentMethodId);
    },
    isExpired: ({ context, event }) => {
      assertEvent(event, 'user.submit');
      return !!context.pricing && event.at > Date.parse(context.pricing.expiresAt);
    },
    isPricingInvalid: ({ context }) => !context.pricing?.orderId || (price(context) < 0 && !(context.guest && !!payment(context))),
    hasNoPayment: ({ context }) => !payment(context),
    needsReload: ({ context }) => balanceShort(context) && !context.reload,
    isGuestIncomplete: ({ context }) => context.guest && !(context.guestDetails?.email.trim() && context.guestDetails.firstName.trim()),
    /** the guest's single-use card is past its 5 minutes (spec 2 §9): it cannot be charged any more */
    isCardExpired: ({ context, event }) => {
      assertEvent(event, 'user.submit');
      const at = payment(context)?.expiresAt;
      return !!at && event.at >= Date.parse(at);
    },
    isStaleCode: ({ event }) => code(event) === 'STALE_PRICING',
    /** issue 29: an item sold out (or gone) since pricing: the spec's 'got it' message, the bag marks it, priced again */
    isItemsGoneCode: ({ event }) => code(event) === 'ITEMS_UNAVAILABLE' || code(event) === 'ITEMS_NOT_FOUND',
    /** a guest's single-use card refused by the server (used up, or older than 5 minutes there) */
    isTokenExpiredCode: ({ context, event }) => context.guest && code(event) === 'PAYMENT_TOKEN_EXPIRED',
    isSlotUnavailableCode: ({ event }) => code(event) === '110000' || code(event) === 'TIME_UNAVAILABLE',
    isInsufficientBalance: ({ event }) => code(event) === 'INSUFFICIENT_BALANCE',
  },
  actions: {
    /** provided by the route: the offers in the bag are cleared (the cart's offers) */
    clearOffers: () => {},
    /** provided by the route: store the order as previous, clear cart and offers (then `redirect` to `destination`) */
    orderPlaced: () => {},
    /** provided by the route: the bag marks the refused skus' items sold out or not sold here (issue 29, 30; docs/order-status.md 3.8) */
    markItemsUnavailable: () => {},
    /** provided by the route: keeps the guest's details for the payment pages and back (issue 30) */
    rememberGuest: () => {},
    /** provided by the route (`useRedirect`): navigates to `destination` */
    redirect: () => {},
    /** the payment pages belong to the cards area: a member's list, a guest's billing address; both come back to the checkout's payment summary (issue 30) */
    toAddPayment: assign(({ context }) => ({ destination: pathTo.checkoutAddPayment(context.guest, `${context.returnPath ?? PATHS.cart}#payment-summary`) })),
    toStoreLocator: assign({ destination: pathTo.storeLocatorForCart() }),
    toMenu: assign({ destination: PATHS.menu }),
    /** /menu/previous with the success modal of the order (no #payment-summary: the modal closes) */
    toOrderPlaced: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.submitOrder');
      return { destination: pathTo.orderPlaced(event.output.order.orderId) };
    }),
    /** provided by the route: the used-up or timed-out single-use card is removed from the guest-payment store */
    forgetGuestCard: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<PlaceOrderInput>(event, { guest: false, storeNumber: '', items: [], offers: [], pickupOption: '16', payments: [], reloadAmounts: [], reloadMethodId: null, slots: [], keyBase: 'k', locale: 'en-US' });
      const svc = i.payments.find((p) => p.tender === 'SVC');
      return { ...i, guestDetails: i.guestDetails ?? null, paymentId: (svc ?? i.payments[0])?.id ?? null };
    }),
    assignPricing: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.priceOrder');
      const next = { ...context, pricing: event.output };
      return { pricing: event.output, failure: null, ...offeredReload(next) };
    }),
    clearPricing: assign({ pricing: null, failure: null, reload: null, reloadOptions: [] }),
    assignOfferNotice: assign(({ context }) => ({ offers: [], notice: 'offerNotApplied' as const, failure: context.failure })),
    assignFailure: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.priceOrder', 'xstate.error.actor.submitOrder']);
      const e = asFlowError(event.error);
      return { failure: { code: e.code, message: e.message } };
    }),
    assignPayment: assign(({ context, event }) => {
      assertEvent(event, 'user.selectPayment');
      return { paymentId: event.id, notice: null, ...offeredReload({ ...context, paymentId: event.id }) };
    }),
    removeTip: assign({ tip: 0 }),
    /** the selected single-use card can no longer be charged: it leaves the choices, the guest adds a card again */
    dropGuestCard: assign(({ context }) => ({ payments: context.payments.filter((p) => !(p.tender === 'GUEST_CARD' && p.id === context.paymentId)), paymentId: null, notice: 'guestCardExpired' as const })),
    assignTip: assign(({ context, event }) => {
      assertEvent(event, 'user.setTip');
      return { tip: event.amount, ...offeredReload({ ...context, tip: event.amount }) };
    }),
    assignReloadSource: assign(({ context, event }) => {
      assertEvent(event, 'user.selectReloadSource');
      return { reloadMethodId: event.paymentMethodId, reload: context.reload ? { ...context.reload, paymentMethodId: event.paymentMethodId } : offeredReload({ ...context, reloadMethodId: event.paymentMethodId }).reload };
    }),
    assignPickup: assign(({ event }) => {
      assertEvent(event, 'user.selectPickup');
      return { pickupOption: event.code };
    }),
    assignSlot: assign(({ event }) => {
      assertEvent(event, 'user.selectSlot');
      return { slotStart: event.slotStart };
    }),
    assignReload: assign(({ context, event }) => {
      assertEvent(event, 'user.selectReload');
      return context.reloadMethodId ? { reload: { paymentMethodId: context.reloadMethodId, amount: event.amount }, notice: null } : {};
    }),
    assignGuest: assign(({ event }) => {
      assertEvent(event, 'user.setGuest');
      return { guestDetails: event.details, notice: null };
    }),
    assignItems: assign(({ event }) => {
      assertEvent(event, 'cart.changed');
      return { items: event.items };
    }),
    assignStore: assign(({ event }) => {
      assertEvent(event, 'store.changed');
      return { storeNumber: event.storeNumber, slotStart: null };
    }),
    assignOffers: assign(({ event }) => {
      assertEvent(event, 'offers.changed');
      return { offers: event.offers, notice: null };
    }),
    assignNotice: assign((_, params: { notice: PlaceOrderNotice }) => ({ notice: params.notice })),
    assignNeedsReload: assign(({ context }) => ({ notice: 'balanceTooLow' as const, reloadOptions: reloadAmountOptions(price(context), context.tip, payment(context)?.balance ?? 0, context.reloadAmounts) })),
    assignInsufficient: assign(({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.submitOrder');
      const body = asFlowError(event.error).body as { reloadOptions?: number[]; balance?: number };
      // issue 30: the card's balance as the server found it, so the reload fields show (and their guard agrees)
      const balance = typeof body.balance === 'number' ? body.balance : (payment(context)?.balance ?? 0);
      const payments = context.payments.map((p) => (p.id === context.paymentId && p.tender === 'SVC' ? { ...p, balance } : p));
      return { payments, notice: 'insufficientBalance' as const, reload: null, reloadOptions: Array.isArray(body.reloadOptions) ? body.reloadOptions : reloadAmountOptions(price(context), context.tip, balance, context.reloadAmounts) };
    }),
    assignSlots: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadTimeSlots');
      return { slots: event.output.timeSlots };
    }),
    clearSlot: assign({ slotStart: null, notice: 'timeSlotUnavailable' as const }),
    assignOrder: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.submitOrder');
      return { order: event.output, notice: null };
    }),
  },
});
