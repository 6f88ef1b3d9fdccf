import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import type { UnsubscribeResponse } from '../contracts/unsubscribe.ts';
import { inputOf, notProvided } from './flow.ts';

/**
 * Following an unsubscribe link (issue 11; spec 2 section 2 /unsubscribe/complete, section 8 'Can't unsubscribe'):
 * the /unsubscribe page posts the signed token, then goes to /unsubscribe/complete?success=true&type=<type>; a
 * missing, forged or expired link (or any failure) goes to /unsubscribe/complete?success=false.
 */
export interface UnsubscribeInput {
  token: string | null;
}
export interface UnsubscribeContext extends UnsubscribeInput {
  destination: string | null;
}
export type UnsubscribeEvent = DoneActorEvent<UnsubscribeResponse, 'unsubscribe'> | ErrorActorEvent<unknown, 'unsubscribe'>;

export const UNSUBSCRIBE_FAILED = '/unsubscribe/complete?success=false';

/** The request of the `unsubscribe` actor (docs/machines.md): the signed token from the link. */
export function unsubscribeRequest({ context }: { context: Pick<UnsubscribeContext, 'token'> }): { token: string } {
  if (!context.token) throw new Error('unsubscribe: no token');
  return { token: context.token };
}

export const unsubscribeMachine = setup({
  types: { context: {} as UnsubscribeContext, events: {} as UnsubscribeEvent, input: {} as Partial<UnsubscribeInput> },
  actors: {
    unsubscribe: fromPromise<UnsubscribeResponse, { token: string }>(async () => notProvided('unsubscribe')),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
  },
  actions: {
    applyInput: assign(({ event }) => inputOf<UnsubscribeInput>(event, { token: null })),
    redirect: () => {},
    assignDone: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.unsubscribe');
      return { destination: `/unsubscribe/complete?success=true&type=${event.output.type}` };
    }),
    assignFailed: assign({ destination: UNSUBSCRIBE_FAILED }),
  },
}).createMachine({
  id: 'unsubscribe',
  description: 'Unsubscribes with the signed link from a marketing email, then shows the outcome.',
  meta: { title: 'Unsubscribe', spec: "2 §2 /unsubscribe/complete, §8 'Can't unsubscribe'; issue 11 signed links" },
  context: { token: null, destination: null },
  entry: 'applyInput',
  initial: 'start',
  states: {
    start: { description: 'A link without a token cannot unsubscribe.', always: [{ guard: 'hasToken', target: 'unsubscribing' }, { target: 'redirecting', actions: 'assignFailed' }] },
    unsubscribing: {
      description: 'POST /unsubscribe { token }; the page says Unsubscribing….',
      tags: ['loading'],
      invoke: { id: 'unsubscribe', src: 'unsubscribe', input: unsubscribeRequest, onDone: { target: 'redirecting', actions: 'assignDone' }, onError: { target: 'redirecting', actions: 'assignFailed' } },
    },
    redirecting: { description: 'Goes to /unsubscribe/complete with the outcome.', tags: ['loading'], type: 'final', entry: 'redirect' },
  },
});
