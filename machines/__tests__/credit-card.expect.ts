/**
 * Credit card add/edit and the guest card (spec 2 section 2 add/edit credit-card, gift/guest/credit-card; section 5
 * guest brands amex, discover, mastercard, visa; section 8 processor codes; section 9 guest payment token max age
 * 300000 ms). The number and security code go only to the processor's tokenisation call and are forgotten when it
 * answers; a member's token is saved as a method with the billing address id; a guest's token is kept for the order
 * and, once 5 minutes old, cleared and asked for again. Runs: member adds, member edits, guest, guest with a fresh
 * stored token, guest whose stored token expired.
 */
import { expect } from 'vitest';
import { addMethodRequest, creditCardMachine, tokenizeRequest, updateMethodRequest } from '../credit-card.machine.ts';
import type { TokenizeResponse } from '../../contracts/cards.ts';
import { requestFakes } from './model.ts';
import { cardError, done, fail, method, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const today = { year: 2026, month: 11 };
const NOW = new Date().toISOString();
const token = (singleUse: boolean): TokenizeResponse => ({ token: singleUse ? 'tok_single_12345678' : 'tok_visa_12345678', brand: 'visa', lastFour: '4242', expMonth: 12, expYear: 2030, createdAt: NOW });
export const creditCardEvents = [
  { type: 'user.submit', form: { number: '4242 4242 4242 4242', expMonth: '12', expYear: '30', cvc: '123' } },
  // Luhn fails, last month, a 4-digit code for a visa
  { type: 'user.submit', form: { number: '4242 4242 4242 4241', expMonth: '10', expYear: '2026', cvc: '1234' } },
  { type: 'user.change' },
  { type: 'xstate.after.tokenMaxAge.creditCard.ready' },
  done('tokenize', token(false)),
  fail('tokenize', cardError('121033', 'number')),
  done('addMethod', { paymentMethod: method('pm_9') }),
  fail('addMethod', cardError('121048')),
  done('updateMethod', { paymentMethod: method('pm_1') }),
  fail('updateMethod', serverDown),
];
type Snap = { value: unknown; context: { error: string | null; fieldErrors: object; guestCard: unknown } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, e: s.context.error, f: Object.keys(s.context.fieldErrors), g: !!s.context.guestCard });
const expiredMessage = 'Your card details timed out. Please enter them again.';
const GIFT_PAYMENT = '/gift/11000001#payment';
const CHECKOUT = '/menu/cart/guest/checkout#payment-summary';

const C = creditCardEvents as ReadonlyArray<{ type: string }>;

export const creditCardFlow: Flow<typeof creditCardMachine> = {
  machine: creditCardMachine,
  table: {
    starting: { always: [{ guard: 'isEdit', to: 'editingExpiry' }, { guard: 'hasFreshGuestCard', to: 'ready' }, 'entering'] },
    entering: { 'user.submit': [{ guard: 'isCardValid', to: 'tokenizing' }, null] },
    tokenizing: { 'xstate.done.actor.tokenize': [{ guard: 'isGuestReturning', to: 'saved' }, { guard: 'isGuest', to: 'ready' }, 'saving'], 'xstate.error.actor.tokenize': 'entering' },
    saving: { 'xstate.done.actor.addMethod': 'saved', 'xstate.error.actor.addMethod': 'entering' },
    ready: { 'after tokenMaxAge': 'entering', 'user.change': 'entering' },
    editingExpiry: { 'user.submit': [{ guard: 'isExpiryValid', to: 'updating' }, null] },
    updating: { 'xstate.done.actor.updateMethod': 'saved', 'xstate.error.actor.updateMethod': 'editingExpiry' },
  },
  // spec 2 "credit card": a member's card is tokenized then saved; a guest's token is kept 5 minutes; an edit
  // changes the expiry
  journeys: [
    { name: 'a member adds a card', run: 'member adds', events: [C[0]!, C[4]!, C[6]!], ends: 'saved' },
    // docs/gifting.md 1: the gift form's add-payment comes back to /gift/{n}#payment with the new card
    { name: 'a member adds a card for a gift and goes back to it', run: 'member adds for a gift', events: [C[0]!, C[4]!, C[6]!], ends: 'saved' },
    { name: 'a member adds, tokenizing refuses the number', run: 'member adds', events: [C[0]!, C[5]!], ends: 'entering' },
    { name: 'a member adds, saving fails', run: 'member adds', events: [C[0]!, C[4]!, C[7]!], ends: 'entering' },
    { name: 'an invalid card is not sent', run: 'member adds', events: [C[1]!], ends: 'entering' },
    { name: 'a guest enters a card: kept, not saved', run: 'guest', events: [C[0]!, C[4]!], ends: 'ready' },
    // issue 30: the checkout sent the guest here: back to it with the card at once
    { name: 'a guest from the checkout enters a card: kept, back to the checkout', run: 'guest from the checkout', events: [C[0]!, C[4]!], ends: 'saved' },
    { name: 'a guest changes the kept card', run: 'guest', events: [C[0]!, C[4]!, C[2]!], ends: 'entering' },
    { name: 'a guest token times out', run: 'guest', events: [C[0]!, C[4]!, C[3]!], ends: 'entering' },
    { name: 'a fresh stored guest card is ready', run: 'guest fresh', events: [], ends: 'ready' },
    { name: 'an expired stored guest card is entered again', run: 'guest expired', events: [], ends: 'entering' },
    { name: 'a member edits the expiry', run: 'member edits', events: [C[0]!, C[8]!], ends: 'saved' },
    { name: 'a member edits, the server fails', run: 'member edits', events: [C[0]!, C[9]!], ends: 'editingExpiry' },
    { name: 'an invalid expiry is not sent', run: 'member edits', events: [C[1]!], ends: 'editingExpiry' },
  ],
  sees: { tokenizing: { tags: ['loading'] }, saving: { tags: ['loading'] }, updating: { tags: ['loading'] }, saved: { tags: ['redirecting'] } },
  effects: {
    'xstate.done.actor.tokenize -> ready': ['storeGuestCard', 'notify'],
    'xstate.done.actor.tokenize -> saved': ['storeGuestCard'],
    'xstate.after.tokenMaxAge.creditCard.ready -> entering': ['clearGuestCard'],
    'user.change -> entering': ['clearGuestCard'],
    '* -> saved': ['notify', 'redirect'],
  },
  arrange(machine) {
    const fakes = requestFakes({ tokenize: tokenizeRequest, addMethod: addMethodRequest, updateMethod: updateMethodRequest });
    const spy = spyActions(['notify', 'redirect', 'storeGuestCard', 'clearGuestCard'] as const);
    const opts = (input: object) => ({ events: creditCardEvents as never, input: { today, ...input } as never, serializeState: serializeState as never });
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'member adds', options: opts({ mode: 'add', billingAddressId: 'ad_1' }) },
        { name: 'member adds for a gift', options: opts({ mode: 'add', billingAddressId: 'ad_1', returnUrl: GIFT_PAYMENT }) },
        // an off-site return URL is never a destination (issue 25): the list instead
        { name: 'member edits', options: opts({ mode: 'edit', method: method('pm_1', true), returnUrl: '//attacker.example' }) },
        { name: 'guest', options: opts({ mode: 'guest', postalCode: '98101', stored: { status: 'none' } }) },
        { name: 'guest from the checkout', options: opts({ mode: 'guest', postalCode: '98101', stored: { status: 'none' }, returnUrl: CHECKOUT }) },
        { name: 'guest fresh', options: opts({ mode: 'guest', stored: { status: 'fresh', card: token(true) } }) },
        { name: 'guest expired', options: opts({ mode: 'guest', stored: { status: 'expired' } }) },
      ],
      onStep(s, event, run) {
        const c = s.context;
        // the number and security code never outlive the tokenisation call
        if (!s.matches('tokenizing')) expect(c.card).toBeNull();
        if (!s.matches('saving')) expect(c.token).toBeNull();
        if (event.type === 'xstate.init') {
          expect(s.matches(run === 'member edits' ? 'editingExpiry' : run === 'guest fresh' ? 'ready' : 'entering')).toBe(true);
          expect([c.error, c.billingAddressId, c.postalCode]).toEqual([run === 'guest expired' ? expiredMessage : null, run.startsWith('member adds') ? 'ad_1' : null, run === 'guest' || run === 'guest from the checkout' ? '98101' : null]);
          expect(c.destination).toBe(run === 'member adds for a gift' ? GIFT_PAYMENT : run === 'guest from the checkout' ? CHECKOUT : '/account/payment-method');
        }
        if (s.matches('entering') && event.type === 'user.submit') expect(c.fieldErrors).toEqual({ number: "That card number or security code doesn't look right.", expMonth: 'Your card may have expired.', cvc: 'Enter the 3- or 4-digit security code.' });
        if (s.matches('editingExpiry') && event.type === 'user.submit') expect(c.fieldErrors).toEqual({ expMonth: 'Your card may have expired.' });
        if (s.matches('tokenizing'))
          expect(fakes.last('tokenize')).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', ...(run === 'guest' || run === 'guest from the checkout' ? { postalCode: '98101' } : {}), singleUse: run.startsWith('guest') });
        if (s.matches('saving')) expect([run.startsWith('member adds'), fakes.last('addMethod')]).toEqual([true, { token: 'tok_visa_12345678', billingAddressId: 'ad_1' }]);
        if (s.matches('updating')) expect(fakes.last('updateMethod')).toEqual({ paymentMethodId: 'pm_1', expMonth: 12, expYear: 2030 });
        if (event.type === 'xstate.error.actor.tokenize') expect([c.fieldErrors, c.error]).toEqual([{ number: "International cards aren't supported." }, null]);
        if (event.type === 'xstate.error.actor.addMethod') expect([c.error, c.fieldErrors]).toEqual(['Your card was rejected. Please choose another payment method.', {}]);
        if (event.type === 'xstate.error.actor.updateMethod') expect(c.error).toBe('Something went wrong. Please try again.');
        if (s.matches('ready') && event.type === 'xstate.done.actor.tokenize') expect([c.guestCard, c.notice]).toEqual([token(false), 'Your card is ready for this order.']);
        if (s.matches('ready')) expect(c.guestCard).not.toBeNull();
        if (event.type === 'xstate.after.tokenMaxAge.creditCard.ready') expect([c.guestCard, c.error]).toEqual([null, expiredMessage]);
        if (event.type === 'user.change' && s.matches('entering')) expect([c.guestCard, c.error]).toEqual([null, null]);
        if (s.matches('saved') && run === 'guest from the checkout') expect([c.guestCard, c.notice, c.destination]).toEqual([token(false), 'Your card is ready for this order.', CHECKOUT]);
        else if (s.matches('saved')) expect([c.notice, c.destination]).toEqual([run === 'member edits' ? 'Payment method updated' : 'Payment method added', run === 'member adds for a gift' ? GIFT_PAYMENT : '/account/payment-method']);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
