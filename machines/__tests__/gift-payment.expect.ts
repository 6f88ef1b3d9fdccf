/**
 * The gift payment modal (spec 3 section 2: heading 'Choose payment', PayPal dropped with several recipients, the
 * add-payment option; section 4.6: an expired guest token is cleared and payment offered again; section 5: 'Add a
 * payment method' when none; guest brands; section 9: guest token 5 minutes). Runs: member with a default card
 * and PayPal (one recipient), member with PayPal as default and two recipients, member without methods, guest with
 * a fresh card, guest whose card expired, guest the server told us expired, guest without a card.
 */
import { expect } from 'vitest';
import { giftPaymentMachine } from '../gift-payment.machine.ts';
import type { PaymentMethod, TokenizeResponse } from '../../contracts/cards.ts';
import { method } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';
import { giftCatalogue } from './gift-fixtures.ts';

export const visa = method('pm_1', true);
export const paypal: PaymentMethod = { ...method('pm_2'), paymentType: 'paypal', accountNumberLastFour: null as never, accountEmail: 'demo@example.com' };
export const paypalDefault: PaymentMethod = { ...paypal, default: true };
export const visaOther: PaymentMethod = { ...visa, default: false };
export const guestCard: TokenizeResponse = { token: 'tok_single_12345678', brand: 'visa', lastFour: '4242', expMonth: 12, expYear: 2030, createdAt: new Date().toISOString() };
export const guestAddress = { addressToken: 'adt_12345678', address: { firstName: 'Gia', lastName: 'Guest', postalCode: '98101' } };

export const paymentEvents = {
  selectVisa: { type: 'user.selectMethod', paymentInstrumentId: 'pm_1' },
  selectPaypal: { type: 'user.selectMethod', paymentInstrumentId: 'pm_2' },
  buy: { type: 'user.buy' },
  addPayment: { type: 'user.addPayment' },
  tokenTimedOut: { type: 'xstate.after.guestTokenMaxAge.giftPayment.guestReady' },
} as const;
const E = paymentEvents;
type Snap = { value: unknown; context: { selectedPaymentInstrumentId: string | null; error: string | null } };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.selectedPaymentInstrumentId, s.context.error]);

const base = { signedIn: true, methods: [visa, paypal], guestPayment: { status: 'none' }, recipientCount: 1, selectedPaymentInstrumentId: null, notice: null };
const RUNS: Record<string, object> = {
  member: base,
  'member, several recipients': { ...base, methods: [visaOther, paypalDefault], recipientCount: 2, selectedPaymentInstrumentId: 'pm_2' },
  'member without methods': { ...base, methods: [] },
  'guest fresh': { ...base, signedIn: false, methods: [], guestPayment: { status: 'fresh', card: guestCard, address: guestAddress } },
  'guest expired': { ...base, signedIn: false, methods: [], guestPayment: { status: 'expired' } },
  'guest told expired': { ...base, signedIn: false, methods: [], guestPayment: { status: 'fresh', card: guestCard, address: guestAddress }, notice: 'tokenExpired' },
  'guest without card': { ...base, signedIn: false, methods: [] },
};

export const giftPaymentFlow: Flow<typeof giftPaymentMachine> = {
  machine: giftPaymentMachine,
  table: {
    starting: { always: [{ guard: 'isGuestFresh', to: 'guestReady' }, { guard: 'isGuestExpired', to: 'guestExpired' }, { guard: 'isGuest', to: 'guestMissing' }, { guard: 'hasNoMethods', to: 'noMethods' }, 'choosing'] },
    choosing: {
      'user.selectMethod': [{ guard: 'isPaypalWithSeveral', to: null }, null],
      'user.buy': [{ guard: 'hasSelection', to: 'chosen' }, null],
      'user.addPayment': 'addPayment',
    },
    noMethods: { 'user.buy': null, 'user.addPayment': 'addPayment' },
    guestReady: { 'after guestTokenMaxAge': 'guestExpired', 'user.buy': 'chosen', 'user.addPayment': 'addPayment' },
    guestExpired: { 'user.addPayment': 'addPayment', 'user.buy': null },
    guestMissing: { 'user.addPayment': 'addPayment', 'user.buy': null },
  },
  sees: {
    noMethods: { message: 'Add a payment method' },
    guestExpired: { message: 'Your card details timed out. Please enter them again.' },
  },
  journeys: [
    { name: 'a member buys with the default card', events: [E.buy], ends: 'chosen' },
    { name: 'a member picks PayPal for one recipient', events: [E.selectPaypal, E.buy], ends: 'chosen' },
    { name: 'PayPal is refused for two recipients and was not preselected', run: 'member, several recipients', events: [E.buy, E.selectPaypal, E.buy, E.selectVisa, E.buy], ends: 'chosen' },
    { name: 'a member without methods must add one', run: 'member without methods', events: [E.buy, E.addPayment], ends: 'addPayment' },
    { name: 'a guest pays with the single-use card', run: 'guest fresh', events: [E.buy], ends: 'chosen' },
    { name: "a guest's token times out while the modal is open", run: 'guest fresh', events: [E.tokenTimedOut, E.buy, E.addPayment], ends: 'addPayment' },
    { name: 'a guest whose token the server refused enters the card again', run: 'guest told expired', events: [E.addPayment], ends: 'addPayment' },
    { name: 'a guest without a card adds one', run: 'guest without card', events: [E.buy, E.addPayment], ends: 'addPayment' },
    { name: 'a member adds another payment method from the list', events: [E.addPayment], ends: 'addPayment' },
    { name: 'a guest with a card enters another one', run: 'guest fresh', events: [E.addPayment], ends: 'addPayment' },
    { name: "a guest whose card the server refused is told it timed out", run: 'guest told expired', events: [], ends: 'guestExpired' },
    { name: "a guest whose card timed out before the modal opened is told so", run: 'guest expired', events: [], ends: 'guestExpired' },
  ],
  effects: {
    '* -> guestExpired': ['clearGuestCard'],
  },
  catalogue: giftCatalogue,
  arrange(machine) {
    const spy = spyActions(['clearGuestCard'] as const);
    return {
      machine: machine.provide({ actions: spy.actions }),
      spy,
      runs: Object.entries(RUNS).map(([name, input]) => ({ name, options: { events: Object.values(paymentEvents) as never, input: input as never, serializeState: serializeState as never } })),
      onStep(s, event, run) {
        const c = s.context;
        if (event.type === 'xstate.init') expect(c.selectedPaymentInstrumentId).toBe(run === 'member' ? 'pm_1' : null);
        if (event.type === 'user.selectMethod' && run === 'member, several recipients' && (event as unknown as { paymentInstrumentId: string }).paymentInstrumentId === 'pm_2')
          expect([c.error, c.selectedPaymentInstrumentId]).toEqual(['paypalRefused', s.context.selectedPaymentInstrumentId === 'pm_1' ? 'pm_1' : null]);
        if (event.type === 'user.selectMethod' && run === 'member') expect(c.selectedPaymentInstrumentId).toBe((event as unknown as { paymentInstrumentId: string }).paymentInstrumentId);
        if (event.type === 'user.buy' && s.status !== 'done') expect(c.error).toBe('paymentMissing');
        if (s.matches('guestExpired')) expect(c.guestCard).toBeNull();
        if (s.matches('chosen')) {
          if (run.startsWith('guest')) expect(s.output).toEqual({ kind: 'pay', payment: { paymentType: 'visa', paymentInstrumentToken: 'tok_single_12345678', addressToken: 'adt_12345678' }, selectedPaymentInstrumentId: null });
          else {
            const id = c.selectedPaymentInstrumentId;
            expect(s.output).toEqual({ kind: 'pay', payment: { paymentType: id === 'pm_2' ? 'paypal' : 'visa', paymentInstrumentId: id }, selectedPaymentInstrumentId: id });
            if (run === 'member, several recipients') expect(id).toBe('pm_1');
          }
        }
        if (s.matches('addPayment')) expect(s.output).toEqual({ kind: 'addPayment', selectedPaymentInstrumentId: c.selectedPaymentInstrumentId });
      },
    };
  },
};
