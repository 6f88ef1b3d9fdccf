import { placeOrderSetup, selectedPayment, type PlaceOrderContext, type PriceRequest, type SubmitRequest } from './place-order.setup.ts';

export type { PlaceOrderContext, PlaceOrderEvent, PlaceOrderInput, PaymentChoice, PriceRequest, SubmitRequest } from './place-order.setup.ts';

/**
 * Pricing and placing the order, the /menu/cart checkout and its #payment-summary modal (spec 1 section 4 "Cart and
 * order", sections 5, 6, 8 pricing codes; spec 2 tipping, reload and payment rules). The cart is priced at the store
 * (price-order, or price-order-guest for guests) and priced again when the cart, store, offers or pickup option
 * change; an applied offer that comes back not applied clears the offers with the notice; each pricing code leads
 * to its action. The quote is stale after 5 minutes or at expiresAt. Submit checks the payment ('no payment method
 * selected'), the stored-value balance ('Reload & place order' with the reload amounts the rule offers), the guest's
 * details; a guest's single-use card past its 5 minutes (or refused by the server as PAYMENT_TOKEN_EXPIRED) is
 * dropped with 'Your card details timed out…' so the guest adds a card again; stale pricing and an unavailable time
 * slot are explicit states. Success hands the order to the route
 * (close the modal, store it as previous, clear cart and offers, /menu/previous with the success modal).
 */
export function priceRequest({ context }: { context: Pick<PlaceOrderContext, 'guest' | 'storeNumber' | 'items' | 'offers' | 'pickupOption' | 'locale'> }): PriceRequest {
  if (!context.items.length) throw new Error('priceOrder: the cart is empty');
  return {
    guest: context.guest,
    storeNumber: context.storeNumber,
    order: { cart: { items: context.items, offers: context.guest ? [] : context.offers.map((code) => ({ code })) }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: context.pickupOption } },
    locale: context.locale,
  };
}

export function submitRequest({ context }: { context: PlaceOrderContext }): SubmitRequest {
  const p = selectedPayment(context);
  if (!context.pricing || !p) throw new Error('submitOrder: no quote or no payment');
  return {
    guest: context.guest,
    orderId: context.pricing.orderId,
    storeNumber: context.storeNumber,
    tenders: [{ tender: p.tender, id: p.id, amount: context.pricing.summary.price + context.tip }],
    tipAmount: context.tip,
    scheduledOrdering: context.slotStart ? { slotStart: context.slotStart } : null,
    ...(context.reload ? { reload: context.reload } : {}),
    idempotencyKey: `${context.keyBase}-${context.pricing.orderId}`.slice(0, 100),
    ...(context.guest && context.guestDetails ? { guestDetails: { ...context.guestDetails, ...(p.addressToken ? { addressToken: p.addressToken } : {}) } } : {}),
  };
}

export function timeSlotsRequest({ context }: { context: Pick<PlaceOrderContext, 'storeNumber'> }): { storeNumber: string } {
  return { storeNumber: context.storeNumber };
}

export const placeOrderMachine = placeOrderSetup.createMachine({
  id: 'placeOrder',
  description: 'Price the cart at the store, choose payment, tip and pickup, and place the order.',
  meta: { title: 'Place order (checkout, #payment-summary)', spec: '1 §4 Cart and order, §5, §6, §8 pricing codes; 2 §5 tipping, reload, payment' },
  context: {
    guest: false, storeNumber: '', items: [], offers: [], pickupOption: '16', payments: [], reloadAmounts: [], reloadMethodId: null, slots: [], keyBase: 'k', locale: 'en-US',
    pricing: null, paymentId: null, tip: 0, reload: null, reloadOptions: [], slotStart: null, guestDetails: null, notice: null, failure: null, order: null, destination: null,
  },
  entry: 'applyInput',
  initial: 'checkout',
  states: {
    checkout: {
      initial: 'pricing',
      on: {
        'cart.changed': { target: '#placeOrder.checkout.pricing', actions: 'assignItems' },
        'store.changed': { target: '#placeOrder.checkout.pricing', actions: ['assignStore', 'clearPricing'] },
        'offers.changed': { target: '#placeOrder.checkout.pricing', actions: 'assignOffers' },
        'user.selectPickup': { target: '#placeOrder.checkout.pricing', actions: 'assignPickup' },
      },
      states: {
        pricing: {
          description: 'price-order (guests: price-order-guest) for the cart at the store.',
          tags: ['loading'],
          invoke: {
            id: 'priceOrder',
            src: 'priceOrder',
            input: priceRequest,
            onDone: [
              { guard: 'offerNotApplied', target: 'priced', actions: ['assignPricing', 'assignOfferNotice', 'clearOffers'] },
              { target: 'priced', actions: 'assignPricing' },
            ],
            onError: [
              { guard: 'isChooseStoreCode', target: 'chooseStore', actions: 'assignFailure' },
              { guard: 'isMenuCode', target: 'chooseItem', actions: 'assignFailure' },
              { guard: 'isItemsGonePricing', target: 'itemsGone', actions: ['assignFailure', 'markItemsUnavailable'] },
              { guard: 'isGotItCode', target: 'gotIt', actions: 'assignFailure' },
              { guard: 'isRewardNotApplied', target: 'pricing', reenter: true, actions: ['assignOfferNotice', 'clearOffers'] },
              { target: 'tryAgain', actions: 'assignFailure' },
            ],
          },
        },
        itemsGone: {
          description:
            "Issue 30: items the store does not sell or has sold out (ITEMS_UNAVAILABLE / ITEMS_NOT_FOUND at pricing): the bag marks them by name with Remove and the rest is priced again as soon as it changes (cart.changed); the code's text with 'got it', which prices the rest too.",
          tags: ['error'],
          on: { 'user.gotIt': { target: 'pricing' } },
        },
        gotIt: { description: "The pricing code's message with a 'got it' action (ADD_IN_LIMIT: the server's message).", tags: ['error'], on: { 'user.gotIt': { target: 'unpriced' } } },
        chooseStore: { description: 'A store pricing code: choose another store in the locator.', tags: ['error'], on: { 'user.chooseStore': { actions: ['toStoreLocator', 'redirect'] } } },
        chooseItem: { description: 'CHOOSE_DIFFERENT_ITEM: back to the menu.', tags: ['error'], on: { 'user.chooseItem': { actions: ['toMenu', 'redirect'] } } },
        tryAgain: { description: 'Any other code: unexpected error; try again clears pricing.', tags: ['error'], meta: { message: 'unexpectedError' }, on: { 'user.tryAgain': { target: 'pricing', actions: 'clearPricing' } } },
        unpriced: { description: 'The bag without a price; refresh prices it again.', on: { 'user.refresh': { target: 'pricing' } } },
        priced: {
          description: 'The priced order: payment, tip, reload, pickup time; submit.',
          initial: 'ready',
          after: { pricingStale: { target: 'stale' } },
          on: {
            'user.selectPayment': [
              { guard: 'isRefusedPayment', actions: { type: 'assignNotice', params: { notice: 'paymentNotAccepted' } } },
              { guard: 'dropsTip', target: '.tipRemoved', actions: ['assignPayment', 'removeTip'] },
              { target: '.ready', actions: 'assignPayment' },
            ],
            'user.addPayment': { actions: ['toAddPayment', 'redirect'] },
            'user.setTip': { guard: 'canTip', actions: 'assignTip' },
            'user.selectSlot': { actions: 'assignSlot' },
            'user.selectReload': { guard: 'canReload', actions: 'assignReload' },
            'user.selectReloadSource': { guard: 'isReloadSource', actions: 'assignReloadSource' },
            'user.setGuest': { actions: ['assignGuest', 'rememberGuest'] },
            'user.submit': [
              { guard: 'isExpired', target: 'stale' },
              { guard: 'isPricingInvalid', actions: { type: 'assignNotice', params: { notice: 'unexpectedError' } } },
              { guard: 'hasNoPayment', actions: { type: 'assignNotice', params: { notice: 'noPaymentSelected' } } },
              { guard: 'isCardExpired', actions: ['dropGuestCard', 'forgetGuestCard'] },
              { guard: 'needsReload', actions: 'assignNeedsReload' },
              { guard: 'isGuestIncomplete', actions: { type: 'assignNotice', params: { notice: 'guestDetailsMissing' } } },
              { target: '#placeOrder.submitting' },
            ],
          },
          states: {
            ready: {},
            tipRemoved: { description: "Dialog: 'Your tip has been removed'.", meta: { message: 'tipRemovedTitle' }, on: { 'user.dismissTipRemoved': { target: 'ready' } } },
          },
        },
        stale: { description: "'Looks like your order may be a little stale…' with Refresh.", meta: { message: 'stalePricing' }, on: { 'user.refresh': { target: 'pricing', actions: 'clearPricing' } } },
        slotUnavailable: {
          description: 'The time slot is gone (110000): the slots are reloaded, the choice cleared.',
          tags: ['loading'],
          meta: { message: 'timeSlotUnavailable' },
          invoke: { id: 'loadTimeSlots', src: 'loadTimeSlots', input: timeSlotsRequest, onDone: { target: 'priced', actions: ['assignSlots', 'clearSlot'] }, onError: { target: 'priced', actions: 'clearSlot' } },
        },
      },
    },
    submitting: {
      description: 'submit-order (guests: submit-order-guest) with an idempotency key per quote.',
      tags: ['loading'],
      invoke: {
        id: 'submitOrder',
        src: 'submitOrder',
        input: submitRequest,
        onDone: { target: 'placed', actions: ['assignOrder', 'orderPlaced', 'toOrderPlaced', 'redirect'] },
        onError: [
          { guard: 'isStaleCode', target: 'checkout.stale' },
          { guard: 'isItemsGoneCode', target: 'checkout.gotIt', actions: ['assignFailure', 'markItemsUnavailable'] },
          { guard: 'isSlotUnavailableCode', target: 'checkout.slotUnavailable' },
          { guard: 'isInsufficientBalance', target: 'checkout.priced', actions: 'assignInsufficient' },
          { guard: 'isTokenExpiredCode', target: 'checkout.priced', actions: ['dropGuestCard', 'forgetGuestCard'] },
          { target: 'checkout.priced', actions: ['assignFailure', { type: 'assignNotice', params: { notice: 'unexpectedError' } }] },
        ],
      },
    },
    placed: { description: 'Placed: off to /menu/previous with the success modal (the checkout modal closes).', type: 'final' },
  },
});
