/** The delivery landing model shared by the machine paths test and the view paths test. */
import type { SnapshotFrom } from 'xstate';
import type { deliveryLandingMachine } from '../delivery-landing.machine.ts';

export const DELIVERY_STOREFRONT = 'https://delivery-partner.example/store/harbor-coffee';

/** every event the model may send (filtered per state with snapshot.can) */
export const deliveryLandingEvents = [
  { type: 'user.getStarted' },
  { type: 'user.continue' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.readBag', output: { itemCount: 3 }, actorId: 'readBag' },
  { type: 'xstate.done.actor.readBag', output: { itemCount: 0 }, actorId: 'readBag' },
  { type: 'xstate.error.actor.readBag', error: new Error('storage blocked'), actorId: 'readBag' },
] as const;

/** the state plus whether the bag had items: enough to tell every reachable situation apart */
export const deliveryLandingSerialize = (s: SnapshotFrom<typeof deliveryLandingMachine>) => JSON.stringify({ v: s.value, items: s.context.bagItemCount > 0 });
