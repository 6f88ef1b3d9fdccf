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
    assignDestination: assign(({ context, event }) => {
      // signed out either way: the server's return URL when it answered, else the page's
      assertEvent(event, ['xstate.done.actor.signOut', 'xstate.error.actor.signOut']);
      return { destination: destinationOr(PATHS.home, 'output' in event ? event.output.returnUrl : null, context.returnUrl) };
    }),
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
        onDone: { target: 'redirecting', actions: 'assignDestination' },
        onError: { target: 'redirecting', actions: 'assignDestination' },
      },
    },
    redirecting: { description: 'Goes to the return URL or /.', type: 'final', entry: 'redirect' },
  },
});
