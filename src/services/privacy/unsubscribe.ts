/** A marketing email's unsubscribe link (machines/unsubscribe.machine.ts, /unsubscribe): its actor. */
import { fromPromise } from 'xstate';
import type { UnsubscribeResponse } from '../../../contracts/unsubscribe.ts';
import { unsubscribe } from '../unsubscribe.api.ts';

export function unsubscribeActors() {
  return {
    unsubscribe: fromPromise<UnsubscribeResponse, { token: string }>(({ input }) => unsubscribe(input)),
  };
}
