/**
 * machines/place-order.setup.ts is not a statechart: the checkout's types, `selectedPayment`, `balanceShort` and the
 * `setup(...)` (guards, actions, the pricingStale delay, actor stubs). Guards and the delay are called directly (they
 * are the machine's implementations); actions run through the machine built from this setup
 * (machines/place-order.machine.ts) with recording fakes and the actors' done/error events sent by hand.
 * Spec 1 section 4 "Cart and order", sections 5, 6, 8 (pricing codes), 9; spec 2 tipping, reload, guest card.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { PricingResult } from '../../contracts/ordering.ts';
import { placeOrderMachine, priceRequest, submitRequest, timeSlotsRequest } from '../place-order.machine.ts';
import { balanceShort, selectedPayment, type PaymentChoice, type PlaceOrderContext, type PlaceOrderInput } from '../place-order.setup.ts';
import { requestFakes } from './model.ts';
import { spyActions } from './flow.ts';
import { pricingFixture } from './ordering-fixtures.ts';

const svc: PaymentChoice = { id: 'card1', tender: 'SVC', label: 'My card', balance: 1000 };
const visa: PaymentChoice = { id: 'pm_1', tender: 'CREDIT_CARD', label: 'Visa 4242' };
const guestCard: PaymentChoice = { id: 'tok_1', tender: 'GUEST_CARD', label: 'VISA …4242', expiresAt: '2026-11-23T22:05:00.000Z', addressToken: 'adt_1' };
const items = [{ commerce: { sku: '2121-grande' }, quantity: 1, childItems: [] }];
const member: PlaceOrderInput = {
  guest: false, storeNumber: '10001', items, offers: ['STAR150'], pickupOption: '16', payments: [svc, visa],
  reloadAmounts: [1000, 2500], reloadMethodId: 'pm_1', slots: [], keyBase: 'key1', locale: 'en-US',
};
const guest: PlaceOrderInput = { ...member, guest: true, offers: [], payments: [guestCard], reloadMethodId: null };
const err = (code: string, status = 409, body: Record<string, unknown> = {}) => ({ status, code, message: `server says ${code}`, body: { code, ...body } });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error, actorId: id });

function start(input?: PlaceOrderInput) {
  const fakes = requestFakes({ priceOrder: priceRequest, submitOrder: submitRequest, loadTimeSlots: timeSlotsRequest });
  const spy = spyActions(['clearOffers', 'orderPlaced', 'redirect', 'forgetGuestCard'] as const);
  const actor = createActor(placeOrderMachine.provide({ actors: fakes.actors, actions: spy.actions }), { input: input as PlaceOrderInput }).start();
  return { actor, fakes, spy, send: (e: AnyEventObject) => actor.send(e as never), ctx: () => actor.getSnapshot().context, value: () => actor.getSnapshot().value };
}
/** a member's checkout, priced at $12.00 with the offer applied */
function priced(input: PlaceOrderInput = member, pricing: PricingResult = pricingFixture()) {
  const a = start(input);
  a.send(done('priceOrder', pricing));
  expect(a.value()).toEqual({ checkout: { priced: 'ready' } });
  return a;
}

type Guard = (args: { context: PlaceOrderContext; event: AnyEventObject }, params?: unknown) => boolean;
const guards = placeOrderMachine.implementations.guards as unknown as Record<string, Guard>;
const memberContext = (): PlaceOrderContext => ({ ...start(member).ctx(), pricing: pricingFixture() });
const guard = (name: string, event: AnyEventObject, context: Partial<PlaceOrderContext> = {}) => guards[name]!({ context: { ...memberContext(), ...context }, event });

afterEach(() => vi.useRealTimers());

describe('machines/place-order.setup.ts', () => {
  it.each([
    ['the SVC card', { payments: [svc, visa], paymentId: 'card1' }, svc],
    ['the credit card', { payments: [svc, visa], paymentId: 'pm_1' }, visa],
    ['an id not among the choices', { payments: [svc, visa], paymentId: 'zzz' }, null],
    ['nothing selected', { payments: [svc, visa], paymentId: null }, null],
  ])('selectedPayment: %s', (_name, c, payment) => {
    expect(selectedPayment(c)).toEqual(payment);
  });

  it.each([
    // balance, price, tip, tender → short
    [1000, 1200, 0, 'SVC', true],
    [1199, 1200, 0, 'SVC', true],
    [1200, 1200, 0, 'SVC', false],
    [1200, 1200, 1, 'SVC', true],
    [1300, 1200, 100, 'SVC', false],
    [undefined, 1200, 0, 'SVC', true],
    [0, 1200, 0, 'CREDIT_CARD', false],
  ] as const)("balanceShort: balance %s, price %s, tip %s, %s → %s ('Reload & place order', spec 1 section 4)", (balance, price, tip, tender, short) => {
    const p: PaymentChoice = { id: 'p', tender, label: 'x', ...(balance === undefined ? {} : { balance }) };
    expect(balanceShort({ payments: [p], paymentId: 'p', pricing: pricingFixture({ price }), tip })).toBe(short);
  });
  it('balanceShort without a quote counts the price as 0', () => {
    expect(balanceShort({ payments: [svc], paymentId: 'card1', pricing: null, tip: 0 })).toBe(false);
    expect(balanceShort({ payments: [svc], paymentId: 'card1', pricing: null, tip: 1001 })).toBe(true);
  });

  describe('guards', () => {
    const priceError = (code: string) => fail('priceOrder', err(code));
    const CHOOSE_STORE = ['STORE_NOT_FOUND', 'HIGH_VOLUME_STORE', 'STORE_UNAVAILABLE', 'STORE_NOT_AVAILABLE', 'WRONG_STORE_REGION', 'MOP_UNAVAILABLE', 'STORE_CLOSED', 'MOP_NOT_ACCEPTED'];
    const GOT_IT = ['MISSING_COUNTRY', 'UNEXPECTED_ERROR', 'ITEMS_NOT_FOUND', 'ITEMS_UNAVAILABLE', 'ADD_IN_LIMIT'];
    it.each([
      ...CHOOSE_STORE.map((code) => [code, 'isChooseStoreCode'] as const),
      ...GOT_IT.map((code) => [code, 'isGotItCode'] as const),
      ['CHOOSE_DIFFERENT_ITEM', 'isMenuCode'] as const,
      ['REWARD_NOT_APPLIED', 'isRewardNotApplied'] as const,
      ['SOMETHING_ELSE', null] as const,
      ['110000', null] as const,
    ])('the pricing code %j picks %s and no other action (spec 1 section 8)', (code, picked) => {
      const fired = ['isChooseStoreCode', 'isMenuCode', 'isGotItCode', 'isRewardNotApplied'].filter((g) => guard(g, priceError(code)));
      expect(fired).toEqual(picked ? [picked] : []);
    });
    it("a rejection without a code reads as UNEXPECTED_ERROR: the 'got it' action", () => {
      for (const error of [new Error('offline'), undefined, { status: 500, code: '', body: {} }]) {
        const fired = ['isChooseStoreCode', 'isMenuCode', 'isGotItCode', 'isRewardNotApplied'].filter((g) => guard(g, fail('priceOrder', error)));
        expect(fired).toEqual(['isGotItCode']);
      }
    });

    it.each<[string, AnyEventObject, Partial<PlaceOrderContext>, boolean]>([
      // an applied offer that comes back not applied (spec 1 section 4)
      ['offerNotApplied', done('priceOrder', pricingFixture({ applied: false })), {}, true],
      ['offerNotApplied', done('priceOrder', pricingFixture({ applied: true })), {}, false],
      ['offerNotApplied', done('priceOrder', pricingFixture({ applied: false })), { offers: [] }, false],
      ['offerNotApplied', done('priceOrder', pricingFixture({ applied: false })), { offers: ['OTHER'] }, false],
      // a store that takes only stored-value cards (spec 1 section 6)
      ['isRefusedPayment', { type: 'user.selectPayment', id: 'pm_1' }, {}, false],
      ['isRefusedPayment', { type: 'user.selectPayment', id: 'pm_1' }, { pricing: pricingFixture({ svcOnly: true }) }, true],
      ['isRefusedPayment', { type: 'user.selectPayment', id: 'card1' }, { pricing: pricingFixture({ svcOnly: true }) }, false],
      ['isRefusedPayment', { type: 'user.selectPayment', id: 'zzz' }, {}, true],
      // the tip is removed when the chosen payment does not support tipping
      ['dropsTip', { type: 'user.selectPayment', id: 'pm_1' }, { tip: 100 }, true],
      ['dropsTip', { type: 'user.selectPayment', id: 'pm_1' }, { tip: 0 }, false],
      ['dropsTip', { type: 'user.selectPayment', id: 'card1' }, { tip: 100 }, false],
      // tipping: pricing allows it, price above 0, the stored-value card; whole minor units 0..5000
      ['canTip', { type: 'user.setTip', amount: 0 }, { paymentId: 'card1' }, true],
      ['canTip', { type: 'user.setTip', amount: 5000 }, { paymentId: 'card1' }, true],
      ['canTip', { type: 'user.setTip', amount: 5001 }, { paymentId: 'card1' }, false],
      ['canTip', { type: 'user.setTip', amount: -1 }, { paymentId: 'card1' }, false],
      ['canTip', { type: 'user.setTip', amount: 1.5 }, { paymentId: 'card1' }, false],
      ['canTip', { type: 'user.setTip', amount: 100 }, { paymentId: 'pm_1' }, false],
      ['canTip', { type: 'user.setTip', amount: 100 }, { paymentId: 'card1', pricing: pricingFixture({ price: 0 }) }, false],
      ['canTip', { type: 'user.setTip', amount: 100 }, { paymentId: 'card1', pricing: { ...pricingFixture(), isTipEnabled: false } }, false],
      ['canTip', { type: 'user.setTip', amount: 100 }, { paymentId: 'card1', pricing: null }, false],
      // reload amounts: the configured ones covering the shortfall (1200 - 1000), with a method to charge
      ['canReload', { type: 'user.selectReload', amount: 1000 }, {}, true],
      ['canReload', { type: 'user.selectReload', amount: 2500 }, {}, true],
      ['canReload', { type: 'user.selectReload', amount: 777 }, {}, false],
      ['canReload', { type: 'user.selectReload', amount: 1000 }, { reloadMethodId: null }, false],
      ['canReload', { type: 'user.selectReload', amount: 1000 }, { payments: [{ ...svc, balance: 1200 }, visa] }, false],
      ['canReload', { type: 'user.selectReload', amount: 200 }, { reloadAmounts: [100, 150] }, true],
      // pricing is expired when the current time is past expiresAt (2030-01-01T00:00:00Z)
      ['isExpired', { type: 'user.submit', at: Date.parse('2030-01-01T00:00:00.000Z') }, {}, false],
      ['isExpired', { type: 'user.submit', at: Date.parse('2030-01-01T00:00:00.001Z') }, {}, true],
      ['isExpired', { type: 'user.submit', at: Date.parse('2031-01-01T00:00:00.000Z') }, { pricing: null }, false],
      // an orderId, and a price not negative unless a guest with a card (spec 1 section 4)
      ['isPricingInvalid', { type: 'user.submit', at: 0 }, {}, false],
      ['isPricingInvalid', { type: 'user.submit', at: 0 }, { pricing: pricingFixture({ price: 0 }) }, false],
      ['isPricingInvalid', { type: 'user.submit', at: 0 }, { pricing: null }, true],
      ['isPricingInvalid', { type: 'user.submit', at: 0 }, { pricing: pricingFixture({ orderId: '' }) }, true],
      ['isPricingInvalid', { type: 'user.submit', at: 0 }, { pricing: pricingFixture({ price: -1 }) }, true],
      ['isPricingInvalid', { type: 'user.submit', at: 0 }, { pricing: pricingFixture({ price: -1 }), guest: true, payments: [guestCard], paymentId: 'tok_1' }, false],
      ['isPricingInvalid', { type: 'user.submit', at: 0 }, { pricing: pricingFixture({ price: -1 }), guest: true, payments: [guestCard], paymentId: null }, true],
      ['hasNoPayment', { type: 'user.submit', at: 0 }, { paymentId: 'card1' }, false],
      ['hasNoPayment', { type: 'user.submit', at: 0 }, { paymentId: null }, true],
      ['hasNoPayment', { type: 'user.submit', at: 0 }, { paymentId: 'zzz' }, true],
      ['needsReload', { type: 'user.submit', at: 0 }, {}, true],
      ['needsReload', { type: 'user.submit', at: 0 }, { reload: { paymentMethodId: 'pm_1', amount: 1000 } }, false],
      ['needsReload', { type: 'user.submit', at: 0 }, { paymentId: 'pm_1' }, false],
      ['isGuestIncomplete', { type: 'user.submit', at: 0 }, { guest: false, guestDetails: null }, false],
      ['isGuestIncomplete', { type: 'user.submit', at: 0 }, { guest: true, guestDetails: null }, true],
      ['isGuestIncomplete', { type: 'user.submit', at: 0 }, { guest: true, guestDetails: { email: ' ', firstName: 'Ana', guestEmailMarketingOptIn: false } }, true],
      ['isGuestIncomplete', { type: 'user.submit', at: 0 }, { guest: true, guestDetails: { email: 'a@example.com', firstName: '  ', guestEmailMarketingOptIn: false } }, true],
      ['isGuestIncomplete', { type: 'user.submit', at: 0 }, { guest: true, guestDetails: { email: 'a@example.com', firstName: 'Ana', guestEmailMarketingOptIn: false } }, false],
      // the guest's single-use card can be charged until its expiresAt (spec 2 section 9: 5 minutes)
      ['isCardExpired', { type: 'user.submit', at: Date.parse(guestCard.expiresAt!) - 1 }, { payments: [guestCard], paymentId: 'tok_1' }, false],
      ['isCardExpired', { type: 'user.submit', at: Date.parse(guestCard.expiresAt!) }, { payments: [guestCard], paymentId: 'tok_1' }, true],
      ['isCardExpired', { type: 'user.submit', at: Date.parse('2040-01-01T00:00:00Z') }, { paymentId: 'card1' }, false],
      ['isStaleCode', fail('submitOrder', err('STALE_PRICING')), {}, true],
      ['isStaleCode', fail('submitOrder', err('110000')), {}, false],
      ['isSlotUnavailableCode', fail('submitOrder', err('110000')), {}, true],
      ['isSlotUnavailableCode', fail('submitOrder', err('TIME_UNAVAILABLE')), {}, true],
      ['isSlotUnavailableCode', fail('submitOrder', err('STALE_PRICING')), {}, false],
      ['isInsufficientBalance', fail('submitOrder', err('INSUFFICIENT_BALANCE', 402)), {}, true],
      ['isInsufficientBalance', fail('submitOrder', err('121048', 402)), {}, false],
      ['isTokenExpiredCode', fail('submitOrder', err('PAYMENT_TOKEN_EXPIRED', 410)), { guest: true }, true],
      ['isTokenExpiredCode', fail('submitOrder', err('PAYMENT_TOKEN_EXPIRED', 410)), { guest: false }, false],
      ['isTokenExpiredCode', fail('submitOrder', err('STALE_PRICING')), { guest: true }, false],
    ])('%s on %j → %s', (name, event, context, expected) => {
      expect(guard(name, event, context)).toBe(expected);
    });

    // a guard written for one event (assertEvent) throws on any other: a wiring mistake is a bug, not a silent answer
    it.each<[string, AnyEventObject]>([
      ['isRefusedPayment', { type: 'user.addPayment' }],
      ['dropsTip', { type: 'user.setTip', amount: 100 }],
      ['canTip', { type: 'user.selectPayment', id: 'card1' }],
      ['isCardExpired', { type: 'user.setTip', amount: 100 }],
      // the pricing-code guards read a failed pricing, the submit-code guards a failed submit
      ['isMenuCode', fail('submitOrder', err('MENU_CHANGED'))],
      ['isStaleCode', fail('priceOrder', err('STALE_PRICING'))],
      ['offerNotApplied', fail('priceOrder', err('STALE_PRICING'))],
    ])('%s on %j throws', (name, event) => {
      expect(() => guard(name, event, {})).toThrow(/Expected event/);
    });
  });

  it('pricingStale: 5 minutes, or until expiresAt when that comes first, never negative (spec 1 sections 4, 9)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2029-12-31T23:58:00.000Z')); // the fixture expires at 2030-01-01T00:00:00Z
    const delay = placeOrderMachine.implementations.delays.pricingStale as unknown as (args: { context: Partial<PlaceOrderContext> }) => number;
    expect(delay({ context: { pricing: pricingFixture() } })).toBe(2 * 60_000);
    vi.setSystemTime(Date.parse('2029-12-31T23:50:00.000Z'));
    expect(delay({ context: { pricing: pricingFixture() } })).toBe(5 * 60_000);
    vi.setSystemTime(Date.parse('2030-01-01T00:00:01.000Z'));
    expect(delay({ context: { pricing: pricingFixture() } })).toBe(0);
    expect(delay({ context: { pricing: null } })).toBe(0);
  });

  describe('actions, through the place-order machine', () => {
    it('applyInput: the stored-value card is selected first, else the first choice, else none; a partial input gets the defaults', () => {
      expect(start({ ...member, payments: [visa, svc] }).ctx().paymentId).toBe('card1');
      expect(start({ ...member, payments: [visa] }).ctx().paymentId).toBe('pm_1');
      expect(start({ ...member, payments: [] }).ctx().paymentId).toBeNull();
      // a partial input is completed with the defaults (an empty cart would stop the machine: priceRequest throws)
      const c = start({ items } as unknown as PlaceOrderInput).ctx();
      expect([c.guest, c.storeNumber, c.offers, c.pickupOption, c.payments, c.paymentId, c.reloadAmounts, c.reloadMethodId, c.slots, c.keyBase, c.locale]).toEqual([false, '', [], '16', [], null, [], null, [], 'k', 'en-US']);
    });

    it('assignPricing, assignOfferNotice: an applied offer that comes back not applied clears the offers with the notice', () => {
      const a = start(member);
      a.send(done('priceOrder', pricingFixture({ applied: false })));
      expect([a.value(), a.ctx().offers, a.ctx().notice, a.ctx().pricing?.orderId, a.spy.names()]).toEqual([{ checkout: { priced: 'ready' } }, [], 'offerNotApplied', 'ord_abcdefghij01', ['clearOffers']]);
    });

    it('assignFailure: a pricing code keeps its code and the server text', () => {
      const a = start(member);
      a.send(fail('priceOrder', err('STORE_CLOSED')));
      expect([a.value(), a.ctx().failure]).toEqual([{ checkout: 'chooseStore' }, { code: 'STORE_CLOSED', message: 'server says STORE_CLOSED' }]);
      a.send({ type: 'user.chooseStore' });
      expect((a.spy.last('redirect')?.context as { destination: string }).destination).toBe('/menu/store-locator?toCart=true');
    });

    it('assignTip, assignPayment, removeTip: a payment that cannot tip removes the tip with the dialog', () => {
      const a = priced();
      a.send({ type: 'user.setTip', amount: 150 });
      expect(a.ctx().tip).toBe(150);
      a.send({ type: 'user.selectPayment', id: 'pm_1' });
      expect([a.value(), a.ctx().tip, a.ctx().paymentId]).toEqual([{ checkout: { priced: 'tipRemoved' } }, 0, 'pm_1']);
      a.send({ type: 'user.selectPayment', id: 'zzz' });
      expect([a.ctx().paymentId, a.ctx().notice]).toEqual(['pm_1', 'paymentNotAccepted']);
      a.send({ type: 'user.selectPayment', id: 'card1' });
      expect([a.ctx().paymentId, a.ctx().notice]).toEqual(['card1', null]);
    });

    it("offeredReload, assignReload: 'Reload & place order' offers the amounts covering the shortfall at once, then submits with the reload", () => {
      const a = priced();
      a.send({ type: 'user.setTip', amount: 100 });
      // issue 30: offered at once, the smallest covering amount preselected from the default source
      expect([a.value(), a.ctx().notice, a.ctx().reloadOptions, a.ctx().reload]).toEqual([{ checkout: { priced: 'ready' } }, null, [1000, 2500], { paymentMethodId: 'pm_1', amount: 1000 }]);
      a.send({ type: 'user.selectReload', amount: 777 });
      expect(a.ctx().reload).toEqual({ paymentMethodId: 'pm_1', amount: 1000 });
      a.send({ type: 'user.selectReload', amount: 2500 });
      expect([a.ctx().reload, a.ctx().notice]).toEqual([{ paymentMethodId: 'pm_1', amount: 2500 }, null]);
      a.send({ type: 'user.submit', at: Date.parse('2029-01-01T00:00:00Z') });
      expect(a.value()).toBe('submitting');
      expect(a.fakes.last('submitOrder')).toMatchObject({ tenders: [{ tender: 'SVC', id: 'card1', amount: 1300 }], tipAmount: 100, reload: { paymentMethodId: 'pm_1', amount: 2500 } });
    });

    it('assignInsufficient: the reload amounts the server sends, else the ones the rule gives', () => {
      const a = priced(member);
      a.send({ type: 'user.selectPayment', id: 'pm_1' });
      a.send({ type: 'user.submit', at: 0 });
      a.send(fail('submitOrder', err('INSUFFICIENT_BALANCE', 402, { reloadOptions: [5000] })));
      expect([a.value(), a.ctx().notice, a.ctx().reloadOptions]).toEqual([{ checkout: { priced: 'ready' } }, 'insufficientBalance', [5000]]);
      // the card is $1.00 short, the reload chosen; the server still refuses without amounts: the reload is dropped
      const b = priced({ ...member, payments: [{ ...svc, balance: 1100 }, visa] });
      b.send({ type: 'user.selectReload', amount: 1000 });
      b.send({ type: 'user.submit', at: 0 });
      expect(b.value()).toBe('submitting');
      b.send(fail('submitOrder', err('INSUFFICIENT_BALANCE', 402)));
      expect([b.ctx().notice, b.ctx().reload, b.ctx().reloadOptions]).toEqual(['insufficientBalance', null, [1000, 2500]]);
    });

    it('assignNotice: no payment selected', () => {
      const a = priced({ ...member, payments: [] });
      a.send({ type: 'user.submit', at: 0 });
      expect([a.value(), a.ctx().notice]).toEqual([{ checkout: { priced: 'ready' } }, 'noPaymentSelected']);
    });

    it("dropGuestCard, forgetGuestCard: the guest's card past its 5 minutes leaves the choices", () => {
      const a = priced(guest, { ...pricingFixture(), guest: true });
      a.send({ type: 'user.setGuest', details: { email: 'guest@example.com', firstName: 'Ana', guestEmailMarketingOptIn: true } });
      a.send({ type: 'user.submit', at: Date.parse(guestCard.expiresAt!) });
      expect([a.ctx().payments, a.ctx().paymentId, a.ctx().notice, a.spy.count('forgetGuestCard')]).toEqual([[], null, 'guestCardExpired', 1]);
    });

    it('assignGuest, assignOrder: a complete guest submits with the card and its address token, and the order is handed over', () => {
      const a = priced(guest, { ...pricingFixture(), guest: true });
      a.send({ type: 'user.submit', at: 0 });
      expect(a.ctx().notice).toBe('guestDetailsMissing');
      a.send({ type: 'user.setGuest', details: { email: 'guest@example.com', firstName: 'Ana', guestEmailMarketingOptIn: true } });
      expect(a.ctx().notice).toBeNull();
      a.send({ type: 'user.submit', at: 0 });
      expect(a.fakes.last('submitOrder')).toMatchObject({ guest: true, tenders: [{ tender: 'GUEST_CARD', id: 'tok_1', amount: 1200 }], guestDetails: { email: 'guest@example.com', firstName: 'Ana', addressToken: 'adt_1' } });
      a.send(done('submitOrder', { order: { orderId: 'ord_abcdefghij01' }, card: null }));
      expect([a.value(), a.ctx().order, a.spy.count('orderPlaced')]).toEqual(['placed', { order: { orderId: 'ord_abcdefghij01' }, card: null }, 1]);
    });

    it('assignSlots, clearSlot, assignSlot: an unavailable time slot reloads the slots and clears the choice', () => {
      const a = priced(member, pricingFixture());
      a.send({ type: 'user.selectSlot', slotStart: '2026-11-23T22:30:00.000Z' });
      a.send({ type: 'user.selectPayment', id: 'pm_1' });
      a.send({ type: 'user.submit', at: 0 });
      expect(a.fakes.last('submitOrder')).toMatchObject({ scheduledOrdering: { slotStart: '2026-11-23T22:30:00.000Z' } });
      a.send(fail('submitOrder', err('110000')));
      expect(a.value()).toEqual({ checkout: 'slotUnavailable' });
      const slot = { slotStart: '2026-11-23T22:40:00.000Z', slotEnd: '2026-11-23T22:50:00.000Z', label: '10:40 PM', available: true };
      a.send(done('loadTimeSlots', { storeNumber: '10001', timeZone: 'America/Los_Angeles', timeSlots: [slot] }));
      expect([a.value(), a.ctx().slots, a.ctx().slotStart, a.ctx().notice]).toEqual([{ checkout: { priced: 'ready' } }, [slot], null, 'timeSlotUnavailable']);
    });

    it('assignItems, assignStore, assignOffers, assignPickup, clearPricing: a change prices again', () => {
      const a = priced();
      a.send({ type: 'user.selectSlot', slotStart: '2026-11-23T22:30:00.000Z' });
      a.send({ type: 'store.changed', storeNumber: '10002' });
      expect([a.value(), a.ctx().storeNumber, a.ctx().slotStart, a.ctx().pricing]).toEqual([{ checkout: 'pricing' }, '10002', null, null]);
      const two = [{ commerce: { sku: '2121-tall' }, quantity: 2, childItems: [] }];
      a.send({ type: 'cart.changed', items: two });
      a.send({ type: 'offers.changed', offers: ['STAR50'] });
      a.send({ type: 'user.selectPickup', code: 'DT' });
      expect(a.fakes.last('priceOrder')).toEqual({ guest: false, storeNumber: '10002', order: { cart: { items: two, offers: [{ code: 'STAR50' }] }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: 'DT' } }, locale: 'en-US' });
    });
  });
});
