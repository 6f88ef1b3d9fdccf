import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import type { SsoSignInResponse } from '../contracts/account-sso.ts';
import { safeReturnUrl } from '../contracts/return-url.ts';
import { destinationOr, FOR_YOU, notProvided, type NotifyParams, inputOf } from './account-flow.ts';
import { pathTo } from './app-paths.ts';

/**
 * Single sign-on (spec 2 section 4 "Single sign-on"): post the token; on success go to the returned returnUrl;
 * on failure go to sign-in carrying the return URL.
 */
export interface SsoInput {
  token: string;
  returnUrl: string | null;
}
export interface SsoContext extends SsoInput {
  destination: string | null;
}
export type SsoEvent = DoneActorEvent<SsoSignInResponse, 'ssoSignIn'> | ErrorActorEvent<unknown, 'ssoSignIn'>;

/** The request of the `ssoSignIn` actor (docs/machines.md). */
export function ssoSignInRequest({ context }: { context: Pick<SsoContext, 'token' | 'returnUrl'> }): SsoInput {
  return { token: context.token, returnUrl: context.returnUrl };
}

export const ssoMachine = setup({
  types: { context: {} as SsoContext, events: {} as SsoEvent, input: {} as SsoInput },
  actors: {
    ssoSignIn: fromPromise<SsoSignInResponse, SsoInput>(async () => notProvided('ssoSignIn')),
  },
  actions: {
    /** the start parameters (from the xstate.init event) */
    applyInput: assign(({ event }) => inputOf<SsoInput>(event)),
    notify: (_, _params: NotifyParams) => {},
    redirect: () => {},
    assignReturnedDestination: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.ssoSignIn');
      return { destination: destinationOr(FOR_YOU, event.output.returnUrl, context.returnUrl) };
    }),
    assignSignInDestination: assign(({ context }) => {
      const back = safeReturnUrl(context.returnUrl);
      return { destination: pathTo.signInThen(back) };
    }),
  },
}).createMachine({
  id: 'sso',
  description: 'Signs in with a single-sign-on token, then redirects.',
  meta: { title: 'Single sign-on', spec: '2 §2 Sign-in and session, §4 Single sign-on' },
  context: { token: '', returnUrl: null, destination: null },
  entry: 'applyInput',
  initial: 'signingIn',
  states: {
    signingIn: {
      description: 'POST /account/signin/sso/:token?returnUrl=; a loading page shows.',
      tags: ['loading'],
      invoke: {
        id: 'ssoSignIn',
        src: 'ssoSignIn',
        input: ssoSignInRequest,
        onDone: { target: 'redirecting', actions: 'assignReturnedDestination' },
        onError: { target: 'redirectingToSignIn', actions: ['assignSignInDestination', { type: 'notify', params: { kind: 'persistent', tone: 'error', title: 'signInUnsuccessfulTitle', message: 'ssoFailed' } }] },
      },
    },
    redirecting: { description: 'Signed in: goes to the returned return URL.', type: 'final', entry: 'redirect' },
    redirectingToSignIn: { description: 'Token refused: goes to sign-in carrying the return URL.', type: 'final', entry: 'redirect' },
  },
});
