/**
 * Billing address add/edit (spec 2 section 4 "Billing address add/edit": request, then success (toast, navigate to
 * the credit-card page) or error; the expecting flag is on during the request; on add success the new address id is
 * recorded; guest payment token: the flag set on request, cleared on success or error. Section 5: an empty second
 * address line is sent as null. Runs: a member adding, a member editing, a guest.
 */
import { expect } from 'vitest';
import { addSingleUseAddressRequest, billingAddressMachine, createAddressRequest, updateAddressRequest } from '../billing-address.machine.ts';
import type { Address } from '../../contracts/cards.ts';
import { requestFakes } from './model.ts';
import { cardError, done, fail, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const form = { firstName: ' Ana ', lastName: 'Silva', phoneNumber: '', addressLine1: '1 Main St', addressLine2: '  ', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA' };
const sent = { type: 'Billing', firstName: 'Ana', lastName: 'Silva', phoneNumber: null, addressLine1: '1 Main St', addressLine2: null, city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA', country: 'US' };
export const saved: Address = { addressId: 'ad_1', ...sent, type: 'Billing' } as Address;
export const billingAddressEvents = [
  { type: 'user.submit', form },
  { type: 'user.submit', form: { ...form, postalCode: '981', city: '' } },
  done('createAddress', saved),
  fail('createAddress', serverDown),
  done('updateAddress', saved),
  fail('updateAddress', cardError('BAD_REQUEST', 'postalCode')),
  done('addSingleUseAddress', { addressToken: 'adt_1', expiresAt: '2026-11-23T23:00:00Z' }),
  fail('addSingleUseAddress', serverDown),
];
type Snap = { value: unknown; context: { error: string | null; fieldErrors: object; expecting: boolean } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, e: s.context.error, f: Object.keys(s.context.fieldErrors) });

export const billingAddressFlow: Flow<typeof billingAddressMachine> = {
  machine: billingAddressMachine,
  table: {
    editing: { 'user.submit': [{ guard: 'isFormValid', to: 'submitting' }, null] },
    submitting: { always: [{ guard: 'isGuest', to: 'savingSingleUse' }, { guard: 'isEdit', to: 'updating' }, 'creating'] },
    creating: { 'xstate.done.actor.createAddress': 'saved', 'xstate.error.actor.createAddress': 'editing' },
    updating: { 'xstate.done.actor.updateAddress': 'saved', 'xstate.error.actor.updateAddress': 'editing' },
    savingSingleUse: { 'xstate.done.actor.addSingleUseAddress': 'saved', 'xstate.error.actor.addSingleUseAddress': 'editing' },
  },
  // spec 2 "Billing address add/edit": request, then success (toast, the credit-card page) or error
  journeys: [
    { name: 'a member adds an address', run: 'member adds', events: [billingAddressEvents[0]!, billingAddressEvents[2]!], ends: 'saved' },
    { name: 'a member adds, the server fails', run: 'member adds', events: [billingAddressEvents[0]!, billingAddressEvents[3]!], ends: 'editing' },
    { name: 'a member edits an address', run: 'member edits', events: [billingAddressEvents[0]!, billingAddressEvents[4]!], ends: 'saved' },
    { name: 'a member edits, the server refuses the postal code', run: 'member edits', events: [billingAddressEvents[0]!, billingAddressEvents[5]!], ends: 'editing' },
    { name: 'a guest adds a single-use address', run: 'guest', events: [billingAddressEvents[0]!, billingAddressEvents[6]!], ends: 'saved' },
    { name: 'a guest adds, the server fails', run: 'guest', events: [billingAddressEvents[0]!, billingAddressEvents[7]!], ends: 'editing' },
    { name: 'an incomplete form is not sent', run: 'member adds', events: [billingAddressEvents[1]!], ends: 'editing' },
  ],
  sees: { creating: { tags: ['loading'] }, updating: { tags: ['loading'] }, savingSingleUse: { tags: ['loading'] }, saved: { tags: ['redirecting'] } },
  // a guest's address token is kept for the card page; everyone then goes to the next card page
  effects: { '* -> saved': ['notify', 'redirect'], 'xstate.done.actor.addSingleUseAddress -> saved': ['keepGuestAddress'] },
  arrange(machine) {
    const fakes = requestFakes({ createAddress: createAddressRequest, updateAddress: updateAddressRequest, addSingleUseAddress: addSingleUseAddressRequest });
    const spy = spyActions(['notify', 'redirect', 'keepGuestAddress'] as const);
    const opts = (input: object) => ({ events: billingAddressEvents as never, input: input as never, serializeState: serializeState as never });
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'member adds', options: opts({ mode: 'add', guest: false, returnUrl: '/gift/11000001#payment' }) },
        { name: 'member edits', options: opts({ mode: 'edit', guest: false, address: saved, paymentMethodId: 'pm_1' }) },
        { name: 'guest', options: opts({ mode: 'add', guest: true, returnUrl: '/gift/11000001#payment' }) },
        // an address edited on its own (no saved card named): the card page with it; an off-site return URL dropped
        { name: 'member edits, no card', options: opts({ mode: 'edit', guest: false, address: saved, returnUrl: 'https://evil.example/x' }) },
      ],
      onStep(s, event, run) {
        const c = s.context;
        // the expecting flag: on exactly while a request runs
        // the next page (spec 2 section 4: the credit-card page), with what it needs in its query
        const next = {
          'member adds': '/account/payment-method/add/credit-card?billingAddressId=ad_1&returnUrl=%2Fgift%2F11000001%23payment',
          'member edits': '/account/payment-method/edit/credit-card?paymentMethodId=pm_1',
          guest: '/account/payment-method/gift/guest/credit-card?returnUrl=%2Fgift%2F11000001%23payment',
          'member edits, no card': '/account/payment-method/add/credit-card?billingAddressId=ad_1',
        }[run];
        expect(c.destination).toBe(s.matches('saved') ? next : null);
        expect(c.expecting).toBe(s.hasTag('loading'));
        if (event.type === 'xstate.init') expect([c.guest, c.mode, c.addressId, c.form.city ?? null]).toEqual(run === 'guest' ? [true, 'add', null, null] : run.startsWith('member edits') ? [false, 'edit', 'ad_1', 'Seattle'] : [false, 'add', null, null]);
        if (s.matches('editing') && event.type === 'user.submit') expect(c.fieldErrors).toEqual({ city: 'Enter a city.', postalCode: 'Enter a 5-digit ZIP code.' });
        if (s.matches('creating')) expect([run, fakes.last('createAddress'), c.fieldErrors]).toEqual(['member adds', { input: sent }, {}]);
        if (s.matches('updating')) expect([run.startsWith('member edits'), fakes.last('updateAddress')]).toEqual([true, { addressId: 'ad_1', input: sent }]);
        if (s.matches('savingSingleUse')) expect([run, fakes.last('addSingleUseAddress')]).toEqual(['guest', { walletTarget: 'guest', input: sent }]);
        if (event.type === 'xstate.done.actor.createAddress') expect([c.newAddressId, c.notice]).toEqual(['ad_1', 'Billing address saved']);
        if (event.type === 'xstate.done.actor.updateAddress') expect([c.newAddressId, c.notice]).toEqual([null, 'Billing address saved']);
        if (event.type === 'xstate.done.actor.addSingleUseAddress') expect([c.addressToken, c.notice]).toEqual([{ addressToken: 'adt_1', expiresAt: '2026-11-23T23:00:00Z' }, 'Billing address saved']);
        if (event.type === 'xstate.error.actor.createAddress' || event.type === 'xstate.error.actor.addSingleUseAddress') expect(c.error).toBe('Something went wrong. Please try again.');
        // a server error naming a field marks that field
        if (event.type === 'xstate.error.actor.updateAddress') expect([c.error, Object.keys(c.fieldErrors)]).toEqual([null, ['postalCode']]);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
