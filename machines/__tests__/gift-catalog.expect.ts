/**
 * The eGift catalog (spec 3 section 2 "/gift (and catch-all /gift/*)", "/gift/category/{categoryUrn}", the
 * unauthenticated card-balance check by config flag; section 4 "The catalog … and unauthenticated card-balance check
 * each have request, success and error states"; section 8 giftFetchError 'Could not find the card(s) you were looking
 * for.' "The user returns to /gift"; docs/gifting.md 2.1 and 3.6): the catalog loads (or fails, and Try again loads
 * it again); an unknown category toasts the fetch error and goes back to /gift; with the flag on, a card's balance is
 * checked by number and security code (16 and 8 digits, checked before sending); a wrong card and a wrong code get
 * one answer, too many attempts their own; the security code is never kept after its request.
 */
import { expect } from 'vitest';
import { giftCatalogMachine, checkBalanceRequest, loadCatalogRequest } from '../gift-catalog.machine.ts';
import { GiftMessages } from '../../contracts/gift-messages.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const catalog = {
  categories: [
    { urn: 'birthday', name: 'Birthday', eGifts: [{ productNumber: '11000001', altText: 'Birthday eGift: balloons', largeImageUrl: '/gift/art/birthday-balloons.svg' }] },
    { urn: 'holiday', name: 'Holiday', eGifts: [{ productNumber: '14000001', altText: 'Holiday eGift: snowflakes', largeImageUrl: '/gift/art/holiday-snowflakes.svg' }] },
  ],
};
const balance = { lastFour: '0207', balance: { amount: 10000, currency: 'USD' as const } };
export const giftCatalogEvents = [
  { type: 'user.retry' },
  { type: 'user.checkBalance', cardNumber: '6000 1000 0000 0207', securityCode: '12345678' },
  { type: 'user.checkBalance', cardNumber: '1234', securityCode: '1' },
  { type: 'user.checkAnother' },
  done('loadCatalog', catalog),
  fail('loadCatalog', serverDown),
  done('checkBalance', balance),
  fail('checkBalance', apiError(422, '121001', "That card number or security code doesn't look right.", { field: 'securityCode' })),
  fail('checkBalance', apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.')),
  fail('checkBalance', serverDown),
] as const;
const E = giftCatalogEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { catalog: unknown; balance: unknown; balanceErrors: object; balanceError: string | null; loadError: string | null; destination: string | null } };
const serializeState = (s: Snap) =>
  JSON.stringify({ v: s.value, c: !!s.context.catalog, b: !!s.context.balance, fe: s.context.balanceErrors, e: s.context.balanceError, le: s.context.loadError, to: s.context.destination });

const INPUTS = {
  catalog: { locale: 'en-US', categoryUrn: null, balanceCheck: true },
  category: { locale: 'en-US', categoryUrn: 'holiday', balanceCheck: false },
  unknownCategory: { locale: 'en-US', categoryUrn: 'no-such-category', balanceCheck: true },
};

const checkBalanceRows = [{ guard: 'isBalanceFormValid', to: 'ready.checkingBalance' }, null];

export const giftCatalogFlow: Flow<typeof giftCatalogMachine> = {
  machine: giftCatalogMachine,
  table: {
    loading: {
      'xstate.done.actor.loadCatalog': [{ guard: 'isUnknownCategory', to: 'notFound' }, 'ready'],
      'xstate.error.actor.loadCatalog': 'loadFailed',
    },
    loadFailed: { 'user.retry': 'loading' },
    'ready.deciding': { always: [{ guard: 'isBalanceCheckOff', to: 'ready.balanceOff' }, 'ready.balanceIdle'] },
    'ready.balanceIdle': { 'user.checkBalance': checkBalanceRows },
    'ready.checkingBalance': {
      'xstate.done.actor.checkBalance': 'ready.balanceShown',
      'xstate.error.actor.checkBalance': [{ guard: 'isRateLimited', to: 'ready.balanceFailed' }, 'ready.balanceFailed'],
    },
    'ready.balanceShown': { 'user.checkAnother': 'ready.balanceIdle' },
    'ready.balanceFailed': { 'user.checkBalance': checkBalanceRows },
  },
  journeys: [
    { name: '/gift: the catalog loads with the balance form', run: 'catalog', events: [E[4]!], ends: 'ready.balanceIdle' },
    { name: 'a category page without the balance check', run: 'category', events: [E[4]!], ends: 'ready.balanceOff' },
    { name: 'an unknown category: the fetch error, back to /gift', run: 'unknownCategory', events: [E[4]!], ends: 'notFound' },
    { name: 'the catalog fails, Try again loads it', run: 'catalog', events: [E[5]!, E[0]!, E[4]!], ends: 'ready.balanceIdle' },
    { name: 'a balance is shown, then another card', run: 'catalog', events: [E[4]!, E[1]!, E[6]!, E[3]!], ends: 'ready.balanceIdle' },
    { name: 'a wrong card or code: the one answer, then a right one', run: 'catalog', events: [E[4]!, E[1]!, E[7]!, E[1]!, E[6]!], ends: 'ready.balanceShown' },
    { name: 'too many attempts', run: 'catalog', events: [E[4]!, E[1]!, E[8]!], ends: 'ready.balanceFailed' },
    { name: 'the check fails on the server', run: 'catalog', events: [E[4]!, E[1]!, E[9]!], ends: 'ready.balanceFailed' },
    { name: 'an invalid card is not sent', run: 'catalog', events: [E[4]!, E[2]!], ends: 'ready.balanceIdle' },
  ],
  catalogue: GiftMessages,
  sees: {
    loading: { tags: ['loading'] },
    loadFailed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
    notFound: { message: 'Could not find the card(s) you were looking for.' },
    'ready.checkingBalance': { tags: ['loading'] },
    'ready.balanceFailed': { tags: ['error'] },
  },
  // spec 8: the fetch error is shown and the user returns to /gift
  effects: { '* -> notFound': ['notify:giftFetchError/error', 'redirect:/gift'] },
  arrange(machine) {
    const fakes = requestFakes({ loadCatalog: loadCatalogRequest, checkBalance: checkBalanceRequest });
    const spy = spyActions(['notify', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy: {
        clear: spy.clear,
        step: () => spy.step().map((l) => (l.name === 'redirect' ? { name: 'redirect', params: { to: (l.context as { destination: string | null }).destination } } : l)),
      },
      runs: Object.entries(INPUTS).map(([name, input]) => ({ name, options: { events: giftCatalogEvents as never, input, serializeState: serializeState as never } })),
      onStep(s, event) {
        const c = s.context;
        const ev = event as { type: string; error?: { code: string } };
        // the security code lives only while its request runs
        if (!s.matches({ ready: 'checkingBalance' })) expect(c.balanceForm).toBeNull();
        if (s.matches({ ready: 'checkingBalance' })) expect(fakes.last('checkBalance')).toEqual({ cardNumber: '6000100000000207', securityCode: '12345678' });
        if (s.matches('loading')) expect(fakes.last('loadCatalog')).toEqual({ locale: 'en-US' });
        if (s.matches('loadFailed')) expect(c.loadError).toBe('generic');
        if (s.matches('ready')) expect(c.catalog).toEqual(catalog);
        if (s.matches({ ready: 'balanceShown' })) expect(c.balance).toEqual(balance);
        if (ev.type === 'user.checkAnother') expect([c.balance, c.balanceError, c.balanceErrors]).toEqual([null, null, {}]);
        if (ev.type === 'user.checkBalance' && !s.matches({ ready: 'checkingBalance' })) {
          expect(c.balanceErrors).toEqual({ cardNumber: 'balanceCardNumberInvalid', securityCode: 'balanceSecurityCodeInvalid' });
          expect([GiftMessages.balanceCardNumberInvalid, GiftMessages.balanceSecurityCodeInvalid]).toEqual(['A valid card number has 16 digits.', 'A valid security code has 8 digits.']);
        }
        if (ev.type === 'xstate.error.actor.checkBalance') {
          const want = { '121001': 'balanceLookWrong', RATE_LIMITED: 'rateLimited', UNEXPECTED_ERROR: 'generic' }[ev.error!.code as '121001'];
          expect(c.balanceError).toBe(want);
        }
        if (s.matches('notFound')) expect(c.destination).toBe('/gift');
        else expect(c.destination).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('loadCatalog')).toEqual([{ locale: 'en-US' }]);
        expect(fakes.distinct('checkBalance')).toEqual([{ cardNumber: '6000100000000207', securityCode: '12345678' }]);
        expect([GiftMessages.balanceLookWrong, GiftMessages.rateLimited]).toEqual([
          "That card number or security code doesn't look right.",
          'Too many attempts. Please wait a few minutes and try again.',
        ]);
      },
    };
  },
};
