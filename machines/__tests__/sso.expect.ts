/** Single sign-on (spec 2 sections 2 and 4): post the token; success goes to the returned returnUrl, failure to sign-in with the return URL. */
import { expect } from 'vitest';
import { ssoMachine, ssoSignInRequest } from '../sso.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { ssoEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

export const ssoFlow: Flow<typeof ssoMachine> = {
  machine: ssoMachine,
  table: {
    signingIn: { 'xstate.done.actor.ssoSignIn': 'redirecting', 'xstate.error.actor.ssoSignIn': 'redirectingToSignIn' },
  },
  sees: { signingIn: { tags: ['loading'] } },
  effects: {
    '* -> redirecting': ['redirect'],
    '* -> redirectingToSignIn': ['redirect'],
    'xstate.error.actor.ssoSignIn -> redirectingToSignIn': ['notify:persistent/error/signInUnsuccessfulTitle/ssoFailed'],
  },
  arrange(machine) {
    const fakes = requestFakes({ ssoSignIn: ssoSignInRequest });
    const spy = spyActions(['notify', 'redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: ssoEvents as never, input: { token: 't', returnUrl: '/menu' } } }],
      onPath(_path, final) {
        // the request starts with the machine and reads the applied input
        expect(fakes.last('ssoSignIn')).toEqual({ token: 't', returnUrl: '/menu' });
        if (final.matches('redirecting')) expect(final.context.destination).toBe('/account/cards');
        if (final.matches('redirectingToSignIn')) {
          expect(final.context.destination).toBe('/account/signin?returnUrl=%2Fmenu');
          expect([accountMessages.signInUnsuccessfulTitle, accountMessages.ssoFailed]).toEqual(['Sign in unsuccessful.', 'Sorry, we were unable to log you in. Please try again.']);
        }
      },
      afterAll: () => expect(fakes.errors()).toEqual([]),
    };
  },
};
