/**
 * Pricing and placing the order (spec 1 section 4 "Cart and order", section 5, section 6, section 8 pricing codes;
 * spec 2 section 5 tipping, reload amounts, payment selection). Written from the spec: refetch on cart, store, offer
 * and pickup change; an offer that comes back not applied clears offers with the notice; each pricing code's action;
 * stale after expiresAt or 5 minutes, 'Refresh'; tip only with the stored-value card, removed with the dialog
 * otherwise; 'no payment method selected'; 'Reload & place order' with the configured amounts covering the shortfall;
 * slot unavailable (110000) reloads the slots; success hands the order over once.
 */
import { expect } from 'vitest';
import { placeOrderMachine, priceRequest, submitRequest, timeSlotsRequest, type PlaceOrderContext } from '../place-order.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { sampleSteps, spyActions, type Flow } from './flow.ts';
import { pricingFixture } from './ordering-fixtures.ts';

const err = (code: string, status: number, extra: Record<string, unknown> = {}) => ({ status, code, message: `server says ${code}`, body: { code, ...extra } });
const NOW = Date.parse('2026-11-23T22:00:00Z');
const LATE = Date.parse('2030-01-01T00:00:01Z');
/** after the guest card's 5 minutes (spec 2 §9), before the quote's expiresAt */
const CARD_LATE = Date.parse('2026-11-23T22:06:00Z');
const CARD_EXPIRES = '2026-11-23T22:05:00.000Z';
const items = [{ commerce: { sku: '2121-grande' }, quantity: 1, childItems: [] }];
const PLACED = { order: { orderId: 'ord_abcdefghij01' }, card: null };

export const placeOrderEvents = [
  done('priceOrder', pricingFixture()),
  done('priceOrder', pricingFixture({ applied: false })),
  done('priceOrder', pricingFixture({ svcOnly: true, orderId: 'ord_abcdefghij02' })),
  done('priceOrder', pricingFixture({ price: -100, orderId: 'ord_abcdefghij03' })),
  fail('priceOrder', err('STORE_CLOSED', 409)),
  fail('priceOrder', err('CHOOSE_DIFFERENT_ITEM', 409)),
  fail('priceOrder', err('ADD_IN_LIMIT', 400)),
  fail('priceOrder', err('REWARD_NOT_APPLIED', 409)),
  fail('priceOrder', err('SOMETHING_ELSE', 500)),
  { type: 'user.gotIt' },
  { type: 'user.chooseStore' },
  { type: 'user.chooseItem' },
  { type: 'user.tryAgain' },
  { type: 'user.refresh' },
  { type: 'user.selectPayment', id: 'card1' },
  { type: 'user.selectPayment', id: 'pm_1' },
  { type: 'user.selectPayment', id: 'zzz' },
  { type: 'user.setTip', amount: 100 },
  { type: 'user.dismissTipRemoved' },
  { type: 'user.selectReload', amount: 1000 },
  { type: 'user.selectReload', amount: 777 },
  { type: 'user.setGuest', details: { email: 'guest@example.com', firstName: 'Ana', guestEmailMarketingOptIn: true } },
  { type: 'user.submit', at: NOW },
  { type: 'user.submit', at: LATE },
  { type: 'user.submit', at: CARD_LATE },
  { type: 'user.selectSlot', slotStart: '2026-11-23T22:30:00.000Z' },
  { type: 'user.addPayment' },
  done('submitOrder', PLACED),
  fail('submitOrder', err('STALE_PRICING', 409)),
  fail('submitOrder', err('110000', 409)),
  fail('submitOrder', err('INSUFFICIENT_BALANCE', 402, { balance: 300, reloadOptions: [2500] })),
  fail('submitOrder', err('121048', 402)),
  fail('submitOrder', err('PAYMENT_TOKEN_EXPIRED', 410)),
  done('loadTimeSlots', { storeNumber: '10001', timeZone: 'America/Los_Angeles', timeSlots: [{ slotStart: '2026-11-23T22:40:00.000Z', slotEnd: '2026-11-23T22:50:00.000Z', label: '10:40 PM', available: true }] }),
  fail('loadTimeSlots', err('UNEXPECTED_ERROR', 500)),
  { type: 'cart.changed', items: [{ commerce: { sku: '2121-tall' }, quantity: 2, childItems: [] }] },
  { type: 'store.changed', storeNumber: '10002' },
  { type: 'offers.changed', offers: [] },
  { type: 'user.selectPickup', code: 'DT' },
  { type: 'xstate.after.pricingStale.placeOrder.checkout.priced' },
  // issue 30: the reload's source, one of the member's saved cards (index 40), and one that is not (41)
  { type: 'user.selectReloadSource', paymentMethodId: 'pm_2' },
  { type: 'user.selectReloadSource', paymentMethodId: 'card1' },
  // issue 30: the bag holds an item the store does not sell (index 42): marked, the rest priced again
  fail('priceOrder', err('ITEMS_UNAVAILABLE', 422, { skus: ['2121-grande'], soldOut: [] })),
  // issue 29: sold out since pricing (docs/order-status.md 3.8)
  fail('submitOrder', err('ITEMS_UNAVAILABLE', 422, { skus: ['2121-grande'] })),
];

type Snap = { value: unknown; context: PlaceOrderContext };
const serializeState = (s: Snap) => {
  const c = s.context;
  return JSON.stringify({ v: s.value, p: c.paymentId, t: c.tip, r: c.reload?.amount ?? 0, m: c.reloadMethodId, n: c.notice, o: c.offers.length, q: c.pricing?.orderId ?? null, g: !!c.guestDetails, pl: c.payments.length });
};
const member = {
  guest: false, storeNumber: '10001', items, offers: ['STAR150'], pickupOption: '16' as const,
  payments: [{ id: 'card1', tender: 'SVC' as const, label: 'My card', balance: 1000 }, { id: 'pm_1', tender: 'CREDIT_CARD' as const, label: 'Visa 4242' }, { id: 'pm_2', tender: 'CREDIT_CARD' as const, label: 'Mastercard 4444' }],
  reloadAmounts: [1000, 2500], reloadMethodId: 'pm_1', slots: [], keyBase: 'key1', locale: 'en-US',
};
const guest = { ...member, guest: true, offers: [], payments: [{ id: 'tok_1', tender: 'GUEST_CARD' as const, label: 'VISA …4242', expiresAt: CARD_EXPIRES, addressToken: 'adt_1' }], reloadMethodId: null, returnPath: '/menu/cart/guest/checkout' };

const KEPT = { email: 'kept@example.com', firstName: 'Kim', guestEmailMarketingOptIn: false };
const Po = (at: number[]) => at.map((i) => placeOrderEvents[i]!) as ReadonlyArray<{ type: string }>;

export const placeOrderFlow: Flow<typeof placeOrderMachine> = {
  machine: placeOrderMachine,
  table: {
    checkout: {
      'cart.changed': 'checkout.pricing',
      'store.changed': 'checkout.pricing',
      'offers.changed': 'checkout.pricing',
      'user.selectPickup': 'checkout.pricing',
    },
    'checkout.pricing': {
      'xstate.done.actor.priceOrder': [{ guard: 'offerNotApplied', to: 'checkout.priced' }, 'checkout.priced'],
      'xstate.error.actor.priceOrder': [
        { guard: 'isChooseStoreCode', to: 'checkout.chooseStore' },
        { guard: 'isMenuCode', to: 'checkout.chooseItem' },
        { guard: 'isItemsGonePricing', to: 'checkout.itemsGone' },
        { guard: 'isGotItCode', to: 'checkout.gotIt' },
        { guard: 'isRewardNotApplied', to: 'checkout.pricing' },
        'checkout.tryAgain',
      ],
    },
    'checkout.gotIt': { 'user.gotIt': 'checkout.unpriced' },
    'checkout.itemsGone': { 'user.gotIt': 'checkout.pricing' },
    'checkout.chooseStore': { 'user.chooseStore': null },
    'checkout.chooseItem': { 'user.chooseItem': null },
    'checkout.tryAgain': { 'user.tryAgain': 'checkout.pricing' },
    'checkout.unpriced': { 'user.refresh': 'checkout.pricing' },
    'checkout.priced': {
      'after pricingStale': 'checkout.stale',
      'user.selectPayment': [{ guard: 'isRefusedPayment', to: null }, { guard: 'dropsTip', to: 'checkout.priced.tipRemoved' }, 'checkout.priced.ready'],
      'user.addPayment': null,
      'user.setTip': { guard: 'canTip', to: null },
      'user.selectSlot': null,
      'user.selectReload': { guard: 'canReload', to: null },
      'user.selectReloadSource': { guard: 'isReloadSource', to: null },
      'user.setGuest': null,
      'user.submit': [
        { guard: 'isExpired', to: 'checkout.stale' },
        { guard: 'isPricingInvalid', to: null },
        { guard: 'hasNoPayment', to: null },
        { guard: 'isCardExpired', to: null },
        { guard: 'needsReload', to: null },
        { guard: 'isGuestIncomplete', to: null },
        'submitting',
      ],
    },
    'checkout.priced.tipRemoved': { 'user.dismissTipRemoved': 'checkout.priced.ready' },
    'checkout.stale': { 'user.refresh': 'checkout.pricing' },
    'checkout.slotUnavailable': { 'xstate.done.actor.loadTimeSlots': 'checkout.priced', 'xstate.error.actor.loadTimeSlots': 'checkout.priced' },
    submitting: {
      'xstate.done.actor.submitOrder': 'placed',
      'xstate.error.actor.submitOrder': [
        { guard: 'isStaleCode', to: 'checkout.stale' },
        { guard: 'isItemsGoneCode', to: 'checkout.gotIt' },
        { guard: 'isSlotUnavailableCode', to: 'checkout.slotUnavailable' },
        { guard: 'isInsufficientBalance', to: 'checkout.priced' },
        { guard: 'isTokenExpiredCode', to: 'checkout.priced' },
        'checkout.priced',
      ],
    },
  },
  // spec 1 section 4 "Cart and order", sections 5 and 6: pricing, its errors, going stale, submitting and its errors
  journeys: [
    { name: 'priced, submitted, placed', run: 'member', events: Po([0, 15, 22, 27]), ends: 'placed' },
    { name: 'priced, submitting', run: 'member', events: Po([0, 15, 22]), ends: 'submitting' },
    { name: 'sold out since pricing: got it, the bag marks the item, priced again', run: 'member', events: [...Po([0, 15, 22]), placeOrderEvents.at(-1)!, { type: 'user.gotIt' }], ends: 'checkout.unpriced' },
    { name: 'the price goes stale', run: 'member', events: Po([0, 39]), ends: 'checkout.stale' },
    { name: 'stale, refreshed', run: 'member', events: Po([0, 39, 13]), ends: 'checkout.pricing' },
    { name: 'submitted too late: stale', run: 'member', events: Po([0, 23]), ends: 'checkout.stale' },
    { name: 'the server says stale', run: 'member', events: Po([0, 15, 22, 28]), ends: 'checkout.stale' },
    { name: 'the slot is gone: new slots', run: 'member', events: Po([0, 15, 22, 29]), ends: 'checkout.slotUnavailable' },
    { name: 'the slot is gone: new slots loaded', run: 'member', events: Po([0, 15, 22, 29, 33]), ends: 'checkout.priced.ready' },
    { name: 'the slot is gone: the slots fail', run: 'member', events: Po([0, 15, 22, 29, 34]), ends: 'checkout.priced.ready' },
    { name: 'insufficient balance', run: 'member', events: Po([0, 15, 22, 30]), ends: 'checkout.priced.ready' },
    { name: 'the card is refused', run: 'member', events: Po([0, 15, 22, 31]), ends: 'checkout.priced.ready' },
    { name: 'the card token expired', run: 'member', events: Po([0, 15, 22, 32]), ends: 'checkout.priced.ready' },
    { name: 'the store is closed', run: 'member', events: Po([4]), ends: 'checkout.chooseStore' },
    { name: 'an item must change', run: 'member', events: Po([5]), ends: 'checkout.chooseItem' },
    { name: 'an add-in limit', run: 'member', events: Po([6]), ends: 'checkout.gotIt' },
    { name: 'an add-in limit, got it', run: 'member', events: Po([6, 9]), ends: 'checkout.unpriced' },
    { name: 'an add-in limit, got it, refreshed', run: 'member', events: Po([6, 9, 13]), ends: 'checkout.pricing' },
    { name: 'a reward not applied: priced again', run: 'member', events: Po([7]), ends: 'checkout.pricing' },
    { name: 'pricing fails', run: 'member', events: Po([8]), ends: 'checkout.tryAgain' },
    // issue 30: an item the store does not sell: marked in the bag, then the rest is priced (never a bare 'got it')
    { name: 'an item not sold here: marked, the rest priced when the bag changes', run: 'member', events: Po([42, 35]), ends: 'checkout.pricing' },
    { name: "an item not sold here: 'got it' prices the rest", run: 'member', events: Po([42, 9]), ends: 'checkout.pricing' },
    { name: 'pricing fails, tried again', run: 'member', events: Po([8, 12]), ends: 'checkout.pricing' },
    { name: 'an offer not applied', run: 'member', events: Po([1]), ends: 'checkout.priced.ready' },
    { name: 'the cart changes: priced again', run: 'member', events: Po([0, 35]), ends: 'checkout.pricing' },
    { name: 'the store changes: priced again', run: 'member', events: Po([0, 36]), ends: 'checkout.pricing' },
    { name: 'the offers change: priced again', run: 'member', events: Po([0, 37]), ends: 'checkout.pricing' },
    { name: 'the pickup changes: priced again', run: 'member', events: Po([0, 38]), ends: 'checkout.pricing' },
    // spec 1 section 4 pricing codes' actions, spec 2 section 5 tipping, reload and payment, section 6 guests
    { name: 'the store is closed: choose another store', run: 'member', events: Po([4, 10]), ends: 'checkout.chooseStore' },
    { name: 'an item must change: back to the menu', run: 'member', events: Po([5, 11]), ends: 'checkout.chooseItem' },
    { name: 'priced, the cart changes, pricing fails, try again: the old price is gone', run: 'member', events: Po([0, 35, 8, 12]), ends: 'checkout.pricing' },
    { name: 'an offer not applied, submitted', run: 'member', events: Po([1, 15, 22]), ends: 'submitting' },
    { name: 'a payment method that is not accepted', run: 'member', events: Po([0, 16]), ends: 'checkout.priced.ready' },
    { name: 'a stored-value-only store refuses the credit card', run: 'member', events: Po([2, 15]), ends: 'checkout.priced.ready' },
    { name: 'a tip with the stored-value card', run: 'member', events: Po([0, 17]), ends: 'checkout.priced.ready' },
    { name: 'a tip, then a credit card: the tip is removed', run: 'member', events: Po([0, 17, 15]), ends: 'checkout.priced.tipRemoved' },
    { name: 'the tip-removed dialog is dismissed', run: 'member', events: Po([0, 17, 15, 18]), ends: 'checkout.priced.ready' },
    { name: 'no tip with a credit card', run: 'member', events: Po([0, 15, 17]), ends: 'checkout.priced.ready' },
    { name: 'back to the stored-value card', run: 'member', events: Po([0, 15, 14]), ends: 'checkout.priced.ready' },
    { name: 'a pickup time', run: 'member', events: Po([0, 25]), ends: 'checkout.priced.ready' },
    { name: 'add a payment method', run: 'member', events: Po([0, 26]), ends: 'checkout.priced.ready' },
    { name: 'a reload amount that is not offered', run: 'member', events: Po([0, 20]), ends: 'checkout.priced.ready' },
    // issue 30: a short card gets its reload at once (the smallest amount from the default source): one click places it
    { name: 'the balance is too low: the reload is offered at once and placed with one click', run: 'member', events: Po([0, 22]), ends: 'submitting' },
    { name: 'the server finds the balance short: no reload chosen, not submitted', run: 'member', events: Po([0, 22, 30, 22]), ends: 'checkout.priced.ready' },
    { name: 'the server finds the balance short: a reload chosen, submitted', run: 'member', events: Po([0, 22, 30, 19, 22]), ends: 'submitting' },
    { name: 'another reload source', run: 'member', events: Po([0, 40, 22]), ends: 'submitting' },
    { name: 'reload and place the order', run: 'member', events: Po([0, 19, 22]), ends: 'submitting' },
    { name: 'a tip, a pickup time, reload and place', run: 'member', events: Po([0, 17, 25, 19, 22, 27]), ends: 'placed' },
    { name: 'a price below zero is not submitted', run: 'member', events: Po([3, 15, 22]), ends: 'checkout.priced.ready' },
    { name: 'no payment method selected', run: 'no payment', events: Po([0, 22]), ends: 'checkout.priced.ready' },
    { name: 'no payment method: no reload', run: 'no payment', events: Po([0, 19]), ends: 'checkout.priced.ready' },
    { name: 'a guest without details', run: 'guest', events: Po([0, 22]), ends: 'checkout.priced.ready' },
    { name: 'a guest with details places the order', run: 'guest', events: Po([0, 21, 22, 27]), ends: 'placed' },
    { name: "a guest's card details timed out", run: 'guest', events: Po([0, 21, 24]), ends: 'checkout.priced.ready' },
    { name: "the server refuses a guest's card", run: 'guest', events: Po([0, 21, 22, 32]), ends: 'checkout.priced.ready' },
    { name: 'a guest cannot pay with a member card', run: 'guest', events: Po([0, 14]), ends: 'checkout.priced.ready' },
    // issue 30: back from the payment pages with what the guest typed before: placed without typing it again
    { name: 'a guest back from adding a card places the order with the details kept', run: 'guest back with details', events: Po([0, 22]), ends: 'submitting' },
    { name: 'the price goes stale after 5 minutes', run: 'member', events: Po([0, 17, 39]), ends: 'checkout.stale' },
  ],
  // spec 1 section 4: a price is stale after 5 minutes (the quote's expiresAt is later); as a journey, on a simulated clock
  journeyDelays: { pricingStale: 5 * 60_000 },
  sees: {
    'checkout.pricing': { tags: ['loading'] },
    'checkout.gotIt': { tags: ['error'] },
    'checkout.itemsGone': { tags: ['error'] },
    'checkout.chooseStore': { tags: ['error'] },
    'checkout.chooseItem': { tags: ['error'] },
    'checkout.tryAgain': { tags: ['error'], message: 'Something went wrong. Please try again.' },
    'checkout.priced.tipRemoved': { message: 'Your tip has been removed' },
    'checkout.stale': { message: 'Looks like your order may be a little stale. Refresh to continue with your order.' },
    'checkout.slotUnavailable': { tags: ['loading'], message: 'That pickup time is no longer available. Choose another time.' },
    submitting: { tags: ['loading'] },
  },
  catalogue: OrderingTexts,
  arrange(machine) {
    const fakes = requestFakes({ priceOrder: priceRequest, submitOrder: submitRequest, loadTimeSlots: timeSlotsRequest });
    const spy = spyActions(['clearOffers', 'orderPlaced', 'redirect', 'forgetGuestCard', 'markItemsUnavailable', 'rememberGuest'] as const);
    let prev: PlaceOrderContext | null = null;
    let prevValue: unknown = null;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      runs: [
        { name: 'member', options: { events: placeOrderEvents as never, input: member, serializeState: serializeState as never } },
        { name: 'guest', options: { events: placeOrderEvents as never, input: guest, serializeState: serializeState as never } },
        { name: 'guest back with details', options: { events: placeOrderEvents as never, input: { ...guest, guestDetails: KEPT }, serializeState: serializeState as never } },
        { name: 'no payment', options: { events: placeOrderEvents as never, input: { ...member, payments: [], reloadMethodId: null }, serializeState: serializeState as never } },
      ],
      sample: (paths) => sampleSteps(paths, 24),
      beforePath: () => {
        spy.clear();
        prev = null;
      },
      onStep(s, event, run) {
        const c = s.context;
        const guestRun = run.startsWith('guest');
        const ev = event as { type: string; [k: string]: unknown };
        const effects = spy.step().map((e) => (e.name === 'redirect' ? `redirect:${(e.context as PlaceOrderContext).destination}` : e.name));
        const p = prev;
        const code = (ev.error as { code?: string } | undefined)?.code;
        const wasPriced = JSON.stringify(prevValue).includes('priced');
        const wasStale = JSON.stringify(prevValue).includes('stale');
        prevValue = s.value;
        prev = c;
        if (ev.type === 'xstate.init') {
          expect([c.paymentId, c.tip, c.pricing, c.guestDetails]).toEqual([run.startsWith('guest') ? 'tok_1' : run === 'member' ? 'card1' : null, 0, null, run === 'guest back with details' ? KEPT : null]);
          return;
        }
        if (s.matches({ checkout: 'pricing' })) {
          // what price-order sends: items, offers by code (none for guests), fulfillment, the store
          expect(fakes.last('priceOrder')).toEqual({ guest: guestRun, storeNumber: c.storeNumber, order: { cart: { items: c.items, offers: guestRun ? [] : c.offers.map((o) => ({ code: o })) }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: c.pickupOption } }, locale: 'en-US' });
        }
        // refetch on cart, store, offer or pickup change
        if (['cart.changed', 'store.changed', 'offers.changed', 'user.selectPickup'].includes(ev.type)) expect(s.matches({ checkout: 'pricing' })).toBe(true);
        if (ev.type === 'store.changed') expect([c.storeNumber, c.pricing]).toEqual(['10002', null]);
        if (ev.type === 'cart.changed') expect(c.items).toEqual(ev.items);
        if (ev.type === 'offers.changed') expect(c.offers).toEqual([]);
        if (ev.type === 'user.selectPickup') expect(c.pickupOption).toBe('DT');
        if (ev.type === 'user.refresh') expect(s.matches({ checkout: 'pricing' })).toBe(true);
        if (ev.type === 'user.refresh' && wasStale) expect(c.pricing).toBeNull();
        // an applied offer that comes back not applied, or REWARD_NOT_APPLIED: offers cleared with the notice
        const offerDropped = (ev.type === 'xstate.done.actor.priceOrder' && p!.offers.length > 0 && !(ev.output as { cart: { offers: Array<{ hasBeenApplied: boolean }> } }).cart.offers[0]!.hasBeenApplied) || code === 'REWARD_NOT_APPLIED';
        if (offerDropped) expect([c.offers, c.notice, OrderingTexts.offerNotApplied]).toEqual([[], 'offerNotApplied', 'offer not applied']);
        if (ev.type === 'xstate.error.actor.priceOrder') {
          const want = { STORE_CLOSED: 'chooseStore', CHOOSE_DIFFERENT_ITEM: 'chooseItem', ADD_IN_LIMIT: 'gotIt', REWARD_NOT_APPLIED: 'pricing', SOMETHING_ELSE: 'tryAgain', ITEMS_UNAVAILABLE: 'itemsGone' }[code!];
          expect(s.value).toEqual({ checkout: want });
          if (code !== 'REWARD_NOT_APPLIED') expect(c.failure).toEqual({ code, message: `server says ${code}` });
        }
        if (ev.type === 'user.tryAgain') expect(c.pricing).toBeNull();
        if (ev.type === 'xstate.done.actor.priceOrder') expect(c.pricing).toEqual(ev.output);
        // tip: only with the stored-value card, price above 0 and pricing allowing it
        if (ev.type === 'user.setTip') expect(c.tip).toBe(p!.paymentId === 'card1' && p!.pricing ? 100 : p!.tip);
        if (ev.type === 'user.selectPayment') {
          const refused = run !== 'member' || ev.id === 'zzz' || (!!p!.pricing?.store.svcOnly && ev.id !== 'card1');
          expect(c.paymentId).toBe(refused ? p!.paymentId : ev.id);
          if (refused) expect(c.notice).toBe('paymentNotAccepted');
          if (!refused && ev.id === 'pm_1' && p!.tip > 0) expect([c.tip, s.matches({ checkout: { priced: 'tipRemoved' } }), OrderingTexts.tipRemovedBody]).toEqual([0, true, 'Tipping is not yet available for this payment type']);
          else if (!refused) expect(s.matches({ checkout: { priced: 'ready' } })).toBe(true);
        }
        // 'Reload & place order': the configured amounts that cover total + tip - balance
        // issue 30: after a quote, a payment or a tip, a short stored-value card has its reload preselected (the smallest
        // configured amount covering the shortfall, from the default source); a card that covers it has none
        const svcShort = (x: PlaceOrderContext) => x.paymentId === 'card1' && !!x.pricing && x.pricing.summary.price + x.tip > 1000;
        const accepted =
          ev.type === 'xstate.done.actor.priceOrder' ||
          (ev.type === 'user.selectPayment' && c.paymentId === ev.id && c.notice !== 'paymentNotAccepted') ||
          (ev.type === 'user.setTip' && p!.paymentId === 'card1' && !!p!.pricing);
        if (accepted && run === 'member') {
          const want = svcShort(c) ? { paymentMethodId: c.reloadMethodId, amount: 1000 } : null;
          expect([c.reload, c.reloadOptions]).toEqual([want, svcShort(c) ? [1000, 2500] : []]);
        }
        if (ev.type === 'user.selectReloadSource') {
          const ok = ev.paymentMethodId === 'pm_2' && svcShort(p!);
          expect(c.reloadMethodId).toBe(ok ? 'pm_2' : p!.reloadMethodId);
          if (ok) expect(c.reload).toEqual({ paymentMethodId: 'pm_2', amount: p!.reload?.amount ?? 1000 });
        }
        if (ev.type === 'user.selectReload') expect(c.reload).toEqual(ev.amount === 1000 && run === 'member' && p!.paymentId === 'card1' && p!.pricing ? { paymentMethodId: p!.reloadMethodId, amount: 1000 } : p!.reload);
        if (ev.type === 'user.submit' && wasPriced) {
          const pr = p!.pricing!;
          const pay = p!.paymentId;
          const short = pay === 'card1' && 1000 < pr.summary.price + p!.tip;
          const expected =
            (ev.at as number) > Date.parse(pr.expiresAt) ? 'stale'
            : pr.summary.price < 0 && !(guestRun && pay) ? 'unexpectedError'
            : !pay ? 'noPaymentSelected'
            : guestRun && (ev.at as number) >= Date.parse(CARD_EXPIRES) ? 'guestCardExpired'
            : short && !p!.reload ? 'balanceTooLow'
            : guestRun && !p!.guestDetails ? 'guestDetailsMissing'
            : 'submitting';
          if (expected === 'stale') expect(s.matches({ checkout: 'stale' })).toBe(true);
          else if (expected === 'submitting') {
            expect(s.matches('submitting')).toBe(true);
            expect(fakes.last('submitOrder')).toEqual({
              guest: guestRun,
              orderId: pr.orderId,
              storeNumber: p!.storeNumber,
              tenders: [{ tender: guestRun ? 'GUEST_CARD' : pay === 'card1' ? 'SVC' : 'CREDIT_CARD', id: pay, amount: pr.summary.price + p!.tip }],
              tipAmount: p!.tip,
              scheduledOrdering: p!.slotStart ? { slotStart: p!.slotStart } : null,
              ...(p!.reload ? { reload: p!.reload } : {}),
              idempotencyKey: `key1-${pr.orderId}`,
              // the guest's single-use card is charged as GUEST_CARD with its billing address token
              // (a guest back from the payment pages with the details typed before them: those, unless typed again)
              ...(guestRun ? { guestDetails: { ...(p!.guestDetails?.email === KEPT.email ? KEPT : { email: 'guest@example.com', firstName: 'Ana', guestEmailMarketingOptIn: true }), addressToken: 'adt_1' } } : {}),
            });
          } else {
            expect(c.notice).toBe(expected);
            if (expected === 'guestCardExpired') expect([c.payments, c.paymentId, OrderingTexts.guestCardExpired]).toEqual([[], null, 'Your card details timed out. Please enter them again.']);
            if (expected === 'balanceTooLow') {
              expect(c.reloadOptions).toEqual([1000, 2500]);
              expect(OrderingTexts.balanceTooLow).toBe('Looks like your card balance is too low to complete your order.');
            }
          }
        }
        if (ev.type === 'xstate.error.actor.submitOrder' && code === 'INSUFFICIENT_BALANCE') {
          expect([c.notice, c.reloadOptions, c.reload, OrderingTexts.insufficientBalance]).toEqual(['insufficientBalance', [2500], null, 'Insufficient balance for order']);
          // issue 30: the stored-value card's balance is the server's (the other payments unchanged)
          expect(c.payments.map((x) => x.balance)).toEqual(p!.payments.map((x) => (x.id === p!.paymentId && x.tender === 'SVC' ? 300 : x.balance)));
        }
        if (ev.type === 'xstate.error.actor.submitOrder' && code === '121048') expect([c.notice, c.failure?.code]).toEqual(['unexpectedError', '121048']);
        // the server refused the single-use card (used up or too old): the guest adds a card again
        const tokenRefused = ev.type === 'xstate.error.actor.submitOrder' && code === 'PAYMENT_TOKEN_EXPIRED' && guestRun;
        if (tokenRefused) expect([s.matches({ checkout: 'priced' }), c.payments, c.paymentId, c.notice, OrderingTexts.guestCardExpired]).toEqual([true, [], null, 'guestCardExpired', 'Your card details timed out. Please enter them again.']);
        if (ev.type === 'xstate.error.actor.submitOrder' && code === 'PAYMENT_TOKEN_EXPIRED' && !guestRun) expect([c.notice, c.failure?.code, c.payments.length]).toEqual(['unexpectedError', 'PAYMENT_TOKEN_EXPIRED', p!.payments.length]);
        if (ev.type === 'xstate.error.actor.submitOrder' && code === '110000') expect(fakes.last('loadTimeSlots')).toEqual({ storeNumber: '10001' });
        if (ev.type.startsWith('xstate.done.actor.loadTimeSlots') || ev.type.startsWith('xstate.error.actor.loadTimeSlots')) {
          expect([c.slotStart, c.notice]).toEqual([null, 'timeSlotUnavailable']);
          if (ev.type.startsWith('xstate.done')) expect(c.slots.map((x) => x.label)).toEqual(['10:40 PM']);
        }
        if (ev.type === 'user.selectSlot') expect(c.slotStart).toBe('2026-11-23T22:30:00.000Z');
        if (ev.type === 'xstate.done.actor.submitOrder') expect([s.status, c.order]).toEqual(['done', PLACED]);
        // effects: clearOffers with the offer notice, orderPlaced once on success, navigation by action
        const want: string[] = [];
        if (offerDropped) want.push('clearOffers');
        // navigation: the destination, written out (a guest comes back to the checkout's page with the card)
        if (ev.type === 'xstate.done.actor.submitOrder') want.push('orderPlaced', `redirect:/menu/previous?placed=${PLACED.order.orderId}`);
        if (ev.type === 'xstate.error.actor.priceOrder' && code === 'ITEMS_UNAVAILABLE') want.push('markItemsUnavailable');
        if (ev.type === 'xstate.error.actor.submitOrder' && code === 'ITEMS_UNAVAILABLE') {
          want.push('markItemsUnavailable');
          expect([s.value, c.failure?.code]).toEqual([{ checkout: 'gotIt' }, 'ITEMS_UNAVAILABLE']);
        }
        // issue 30: both come back to the checkout with the payment summary open
        if (ev.type === 'user.addPayment') want.push(guestRun ? 'redirect:/account/payment-method/add/billing-address?returnUrl=%2Fmenu%2Fcart%2Fguest%2Fcheckout%23payment-summary' : 'redirect:/account/payment-method?returnUrl=%2Fmenu%2Fcart%23payment-summary');
        if (ev.type === 'user.chooseStore') want.push('redirect:/menu/store-locator?toCart=true');
        // issue 30: the guest's details are kept for the payment pages
        if (ev.type === 'user.setGuest' && wasPriced) want.push('rememberGuest');
        if (ev.type === 'user.chooseItem') want.push('redirect:/menu');
        if (tokenRefused || (ev.type === 'user.submit' && wasPriced && guestRun && p!.paymentId && (ev.at as number) >= Date.parse(CARD_EXPIRES) && (ev.at as number) <= Date.parse(p!.pricing!.expiresAt))) want.push('forgetGuestCard');
        expect(effects).toEqual(want);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
