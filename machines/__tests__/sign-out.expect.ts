/** Sign-out (spec 2 section 2): clears cookies, logs out, redirects to the return URL or /, also when the call fails. */
import { expect } from 'vitest';
import { signOutMachine, signOutRequest } from '../sign-out.machine.ts';
import { requestFakes } from './model.ts';
import { signOutEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

export const signOutFlow: Flow<typeof signOutMachine> = {
  machine: signOutMachine,
  table: {
    signingOut: { 'xstate.done.actor.signOut': 'redirecting', 'xstate.error.actor.signOut': 'redirecting' },
  },
  // spec 2 "sign out": whatever the answer, the browser leaves
  journeys: [
    { name: 'signed out', events: [signOutEvents[0]], ends: 'redirecting' },
    { name: 'the request fails: leaves all the same', events: [signOutEvents[1]], ends: 'redirecting' },
  ],
  sees: { signingOut: { tags: ['loading'] } },
  effects: { '* -> redirecting': ['redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ signOut: signOutRequest });
    const spy = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: signOutEvents as never, input: { returnUrl: 'https://evil.example' } } }],
      onPath(path, final) {
        // the request carries the input as is: the server sanitises it
        expect(fakes.last('signOut')).toEqual({ returnUrl: 'https://evil.example' });
        // the server's sanitised returnUrl, else the (unsafe, so ignored) input, else /
        expect(final.context.destination).toBe(path.steps.some((s) => s.event.type === 'xstate.done.actor.signOut') ? '/menu' : '/');
      },
      afterAll: () => expect(fakes.errors()).toEqual([]),
    };
  },
};
