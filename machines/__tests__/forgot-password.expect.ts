/** Forgot password (spec 2 sections 2, 4 and 5): fire-and-forget; it sends and goes to the success page, whatever the answer. */
import { expect } from 'vitest';
import { forgotPasswordMachine, sendResetLinkRequest } from '../forgot-password.machine.ts';
import { requestFakes } from './model.ts';
import { forgotPasswordEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

export const forgotPasswordFlow: Flow<typeof forgotPasswordMachine> = {
  machine: forgotPasswordMachine,
  table: {
    editing: { 'user.submit': [{ guard: 'isFormValid', to: 'sending' }, null] },
    sending: { 'xstate.done.actor.sendResetLink': 'redirecting', 'xstate.error.actor.sendResetLink': 'redirecting' },
  },
  // spec 2 section 4: whatever the answer, the success page; an invalid address is not sent
  journeys: [
    { name: 'sent: the success page', events: [forgotPasswordEvents[0], forgotPasswordEvents[2]], ends: 'redirecting' },
    { name: 'the request fails: the success page all the same', events: [forgotPasswordEvents[0], forgotPasswordEvents[3]], ends: 'redirecting' },
    { name: 'an invalid address stays on the form', events: [forgotPasswordEvents[1]], ends: 'editing' },
  ],
  sees: { sending: { tags: ['loading'] } },
  effects: { '* -> redirecting': ['redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ sendResetLink: sendResetLinkRequest });
    const spy = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: forgotPasswordEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors) }) } }],
      onStep(s, event) {
        if (s.matches('sending')) {
          expect(s.context.fieldErrors).toEqual({});
          expect(fakes.last('sendResetLink')).toEqual({ emailAddress: 'ana@example.com' });
        }
        if (s.matches('editing') && event.type === 'user.submit') expect(s.context.fieldErrors).toEqual({ emailAddress: 'Please enter a valid email address.' });
        if (s.matches('redirecting')) expect(s.context.destination).toBe('/account/forgot-password/success');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('sendResetLink')).toEqual([{ emailAddress: 'ana@example.com' }]);
      },
    };
  },
};
