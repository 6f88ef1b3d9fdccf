/** Privacy opt-out (spec 2 sections 4, 5, 7): email required and valid; submit sends optIn false + email, then the confirmation page; failure: a generic error. */
import { expect } from 'vitest';
import { privacyOptOutMachine, sendOptOutRequest } from '../privacy-opt-out.machine.ts';
import { requestFakes } from './model.ts';
import { spyActions, type Flow } from './flow.ts';
import { privacyOptOutEvents } from './privacy.events.ts';

export const privacyOptOutFlow: Flow<typeof privacyOptOutMachine> = {
  machine: privacyOptOutMachine,
  table: {
    editing: { 'user.submit': [{ guard: 'isFormValid', to: 'submitting' }, null] },
    submitting: { 'xstate.done.actor.sendOptOut': 'redirecting', 'xstate.error.actor.sendOptOut': 'editing' },
  },
  // spec 2 "privacy opt-out": a valid email is sent, then the confirmation page; a failure stays on the form
  journeys: [
    { name: 'sent', events: [privacyOptOutEvents[0], privacyOptOutEvents[3]], ends: 'redirecting' },
    { name: 'sending fails', events: [privacyOptOutEvents[0], privacyOptOutEvents[4]], ends: 'editing' },
    { name: 'no email is not sent', events: [privacyOptOutEvents[1]], ends: 'editing' },
    { name: 'an invalid email is not sent', events: [privacyOptOutEvents[2]], ends: 'editing' },
  ],
  sees: { submitting: { tags: ['loading'] } },
  effects: { '* -> redirecting': ['redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ sendOptOut: sendOptOutRequest });
    const spy = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: privacyOptOutEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, g: s.context.error }) } }],
      onStep(s, event) {
        const c = s.context;
        if (s.matches('submitting')) {
          expect(c.fieldErrors).toEqual({});
          expect(c.error).toBeNull();
          expect(fakes.last('sendOptOut')).toEqual({ email: 'ana@example.com', optIn: false });
        }
        if (s.matches('editing') && event.type === 'user.submit') {
          const email = (event as unknown as { email: string }).email;
          expect(c.fieldErrors).toEqual({ email: email === '' ? 'Please enter your email address.' : 'Please enter a valid email address.' });
          expect(c.error).toBeNull();
        }
        if (event.type === 'xstate.error.actor.sendOptOut') expect(c.error).toBe('Something went wrong. Please try again.');
        if (s.matches('redirecting')) expect(c.destination).toBe('/personal-information/confirmation');
        else expect(c.destination).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('sendOptOut')).toEqual([{ email: 'ana@example.com', optIn: false }]);
      },
    };
  },
};
