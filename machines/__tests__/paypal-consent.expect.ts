/**
 * Add PayPal through the sandbox consent page (spec 2 section 2 /account/payment-method/add/paypal, sign-in
 * required; section 8 PayPal codes 121059–121072): Approve asks the sandbox for a PayPal token and saves it as a
 * method (toast, then the list); Cancel adds nothing (toast, then the list); failures show the catalogue's text.
 */
import { expect } from 'vitest';
import { addPaypalRequest, approvePaypalRequest, paypalConsentMachine } from '../paypal-consent.machine.ts';
import { requestFakes } from './model.ts';
import { cardError, done, fail, method } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const paypalToken = { token: 'tok_paypal_12345678', brand: 'paypal', lastFour: '', expMonth: null, expYear: null, createdAt: '2026-11-23T22:00:00Z' };
export const paypalConsentEvents = [
  { type: 'user.approve', email: ' buyer@example.com ' },
  { type: 'user.approve', email: 'not-an-email' },
  { type: 'user.cancel' },
  done('approvePaypal', paypalToken),
  fail('approvePaypal', cardError('121059')),
  done('addMethod', { paymentMethod: { ...method('pm_pp'), paymentType: 'paypal' } }),
  fail('addMethod', cardError('121067')),
];
type Snap = { value: unknown; context: { error: string | null; fieldError: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, e: s.context.error, f: s.context.fieldError });
const paypalText = 'There was a problem with PayPal. Please try again or choose another payment method.';

const Pp = paypalConsentEvents as ReadonlyArray<{ type: string }>;

export const paypalConsentFlow: Flow<typeof paypalConsentMachine> = {
  machine: paypalConsentMachine,
  table: {
    consenting: { 'user.approve': [{ guard: 'isEmailValid', to: 'approving' }, null], 'user.cancel': 'cancelled' },
    approving: { 'xstate.done.actor.approvePaypal': 'saving', 'xstate.error.actor.approvePaypal': 'consenting' },
    saving: { 'xstate.done.actor.addMethod': 'added', 'xstate.error.actor.addMethod': 'consenting' },
  },
  // the sandbox PayPal page: approve (a token, then a saved method) or cancel (nothing added)
  journeys: [
    { name: 'approve: added', events: [Pp[0]!, Pp[3]!, Pp[5]!], ends: 'added' },
    { name: 'approve: the token is refused', events: [Pp[0]!, Pp[4]!], ends: 'consenting' },
    { name: 'approve: saving fails', events: [Pp[0]!, Pp[3]!, Pp[6]!], ends: 'consenting' },
    { name: 'saving', events: [Pp[0]!, Pp[3]!], ends: 'saving' },
    { name: 'an invalid email is not sent', events: [Pp[1]!], ends: 'consenting' },
    { name: 'cancel', events: [Pp[2]!], ends: 'cancelled' },
  ],
  sees: { approving: { tags: ['loading'] }, saving: { tags: ['loading'] }, added: { tags: ['redirecting'] }, cancelled: { tags: ['redirecting'] } },
  effects: { '* -> added': ['notify', 'redirect'], '* -> cancelled': ['notify', 'redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ approvePaypal: approvePaypalRequest, addMethod: addPaypalRequest });
    const spy = spyActions(['notify', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: paypalConsentEvents as never, serializeState: serializeState as never } }],
      onStep(s, event) {
        const c = s.context;
        if (!s.matches('saving')) expect(c.token).toBeNull();
        // done either way: back to the payment-method list
        expect(c.destination).toBe(s.hasTag('redirecting') ? '/account/payment-method' : null);
        if (s.matches('consenting') && event.type === 'user.approve') expect([c.fieldError, c.error]).toEqual(['Enter a valid email.', null]);
        if (s.matches('approving')) expect([c.fieldError, c.error, fakes.last('approvePaypal')]).toEqual([null, null, { email: 'buyer@example.com' }]);
        if (s.matches('saving')) expect(fakes.last('addMethod')).toEqual({ token: 'tok_paypal_12345678' });
        if (event.type === 'xstate.error.actor.approvePaypal' || event.type === 'xstate.error.actor.addMethod') expect(c.error).toBe(paypalText);
        if (s.matches('added')) expect(c.notice).toBe('Payment method added');
        if (s.matches('cancelled')) expect(c.notice).toBe('PayPal was not added.');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
