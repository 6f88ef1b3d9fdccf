import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { destinationOr, notProvided, inputOf } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';

/** Sign-out (spec 2 section 2): clears the session, logs out, redirects to the return URL or /. */
export interface SignOutInput {
  returnUrl: string | null;
}
export interface SignOutContext extends SignOutInput {
  destination: string | null;
}
export type SignOutEvent = DoneActorEvent<{ returnUrl: string }, 'signOut'> | ErrorActorEvent<unknown, 'signOut'>;

/** The request of the `signOut` actor (docs/machines.md). */
export function signOutRequest({ context }: { context: Pick<SignOutContext, 'returnUrl'> }): SignOutInput {
  return { returnUrl: context.returnUrl };
}

export const signOutMachine = setup({
  types: { context: {} as SignOutContext, events: {} as SignOutEvent, input: {} as SignOutInput },
  actors: {
    signOut: fromPromise<{ returnUrl: string }, SignOutInput>(async () => notProvided('signOut')),
  },
  actions: {
    /** the start parameters (from the xstate.init event) */
    applyInput: assign(({ event }) => inputOf<SignOutInput>(event)),
    redirect: () => {},
    /** signed out: the server's return URL, else the page's, else home */
    assignAnsweredDestination: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.signOut');
      return { destination: destinationOr(PATHS.home, event.output.returnUrl, context.returnUrl) };
    }),
    /** the request failed (signed out either way): the page's return URL, else home */
    assignPageDestination: assign(({ context }) => ({ destination: destinationOr(PATHS.home, context.returnUrl) })),
  },
}).createMachine({
  id: 'signOut',
  description: 'Signs out (the server ends the session and clears its cookie), then redirects.',
  meta: { title: 'Sign out', spec: '2 §2 Sign-in and session' },
  context: { returnUrl: null, destination: null },
  entry: 'applyInput',
  initial: 'signingOut',
  states: {
    signingOut: {
      description: 'POST /account/signout; the session query is refreshed by the actor.',
      tags: ['loading'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: signOutRequest,
        onDone: { target: 'redirecting', actions: 'assignAnsweredDestination' },
        onError: { target: 'redirecting', actions: 'assignPageDestination' },
      },
    },
    redirecting: { description: 'Goes to the return URL or /.', type: 'final', entry: 'redirect' },
  },
});
