import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { PATHS } from './app-page-paths.ts';

/**
 * Curbside check-in, /pickup/curbside (spec 1 section 4 "Curbside check-in: idle, loading, then the success page,
 * or an error notification"; section 5 "stall must be between 1 and the store's stall count, else 'Select your
 * parking spot'. A first name is required, taken from the profile or the query string; the user is prompted if
 * missing"; section 8 curbside messages). Open to everyone: the order token authorises, or the owner's session with
 * the orderId (the tracker's "I'm here" names its order: docs/order-status.md 1). A check-in the server cannot tie
 * to an order (ORDER_NOT_FOUND) ends in `notFound`: how to find the order, not the generic error.
 */
export interface CurbsideInput {
  storeNumber: string;
  /** a guest's (or a member's, when this browser has it); null: the orderId with the member's session */
  orderToken: string | null;
  /** the order being checked in (from the tracker); null: the token's order */
  orderId: string | null;
  firstName: string | null;
  stallQuantity: number;
  /** the store's curbsideAvailability */
  availability: 'available' | 'unavailable' | 'closed';
}
export interface CurbsideContext extends CurbsideInput {
  stallNumber: number | null;
  error: 'selectParkingSpot' | 'curbsideError' | null;
  /** where the route navigates after check-in (docs/machines.md "Navigation") */
  destination: string | null;
}
export type CurbsideEvent =
  | { type: 'user.setName'; firstName: string }
  | { type: 'user.selectStall'; stallNumber: number }
  | { type: 'user.submit' }
  | DoneActorEvent<unknown, 'createArrival'>
  | ErrorActorEvent<unknown, 'createArrival'>;
export interface ArrivalRequest {
  customerArrivalInput: { pickUpOption: 'CX'; storeNumber: string; orderToken?: string; orderId?: string; displayName: string; stallNumber: number };
}
export function arrivalRequest({ context }: { context: Pick<CurbsideContext, 'storeNumber' | 'orderToken' | 'orderId' | 'firstName' | 'stallNumber'> }): ArrivalRequest {
  if (!context.firstName || context.stallNumber === null) throw new Error('createArrival: no name or stall');
  if (!context.orderToken && !context.orderId) throw new Error('createArrival: no order');
  return {
    customerArrivalInput: {
      pickUpOption: 'CX',
      storeNumber: context.storeNumber,
      ...(context.orderToken ? { orderToken: context.orderToken } : {}),
      ...(context.orderId ? { orderId: context.orderId } : {}),
      displayName: context.firstName.trim(),
      stallNumber: context.stallNumber,
    },
  };
}
/** the code of a failed check-in (the one event the code guards serve) */
const code = (event: CurbsideEvent) => {
  assertEvent(event, 'xstate.error.actor.createArrival');
  return asFlowError(event.error).code;
};

export const curbsideMachine = setup({
  types: { context: {} as CurbsideContext, events: {} as CurbsideEvent, input: {} as CurbsideInput },
  actors: { createArrival: fromPromise<unknown, ArrivalRequest>(async () => notProvided('createArrival')) },
  guards: {
    isUnavailable: ({ context }) => context.availability === 'unavailable',
    isClosed: ({ context }) => context.availability === 'closed',
    hasName: ({ context }) => !!context.firstName?.trim(),
    isNameGiven: ({ event }) => {
      assertEvent(event, 'user.setName');
      return event.firstName.trim().length > 0;
    },
    isStallValid: ({ context }) => context.stallNumber !== null && Number.isInteger(context.stallNumber) && context.stallNumber >= 1 && context.stallNumber <= context.stallQuantity,
    isUnavailableCode: ({ event }) => code(event) === 'CURBSIDE_UNAVAILABLE',
    isClosedCode: ({ event }) => code(event) === 'CURBSIDE_CLOSED',
    isStallCode: ({ event }) => code(event) === 'STALL_INVALID',
    isNotFoundCode: ({ event }) => code(event) === 'ORDER_NOT_FOUND',
  },
  actions: {
    /** provided by the route: an error notification (params: message key) */
    notify: (_, _params: { message: 'curbsideError' }) => {},
    /** provided by the route: navigate to `destination` */
    redirect: () => {},
    toSuccess: assign({ destination: PATHS.curbsideSuccess }),
    applyInput: assign(({ event }) => {
      const i = inputOf<CurbsideInput>(event, { storeNumber: '', orderToken: null, orderId: null, firstName: null, stallQuantity: 4, availability: 'available' });
      return { ...i, stallQuantity: i.stallQuantity > 0 ? i.stallQuantity : 4 };
    }),
    assignName: assign(({ event }) => {
      assertEvent(event, 'user.setName');
      return { firstName: event.firstName.trim() };
    }),
    assignStall: assign(({ event }) => {
      assertEvent(event, 'user.selectStall');
      return { stallNumber: event.stallNumber, error: null };
    }),
    assignStallError: assign({ error: 'selectParkingSpot' as const }),
    assignError: assign({ error: 'curbsideError' as const }),
  },
}).createMachine({
  id: 'curbside',
  description: "Tell the store you've arrived and where you are parked.",
  meta: { title: 'Curbside check-in (/pickup/curbside)', spec: '1 §4 Curbside check-in, §5 stall and first name, §8 curbside messages' },
  context: { storeNumber: '', orderToken: null, orderId: null, firstName: null, stallQuantity: 4, availability: 'available', stallNumber: null, error: null, destination: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isUnavailable', target: 'unavailable' }, { guard: 'isClosed', target: 'closed' }, { guard: 'hasName', target: 'idle' }, { target: 'askingName' }] },
    askingName: { description: 'No first name from the profile or the query string: ask for it.', on: { 'user.setName': { guard: 'isNameGiven', target: 'idle', actions: 'assignName' } } },
    idle: {
      description: 'Choose the parking spot (1..stallQuantity) and check in.',
      on: {
        'user.selectStall': { actions: 'assignStall' },
        'user.submit': [{ guard: 'isStallValid', target: 'loading' }, { actions: 'assignStallError' }],
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'createArrival',
        src: 'createArrival',
        input: arrivalRequest,
        onDone: { target: 'success', actions: 'toSuccess' },
        onError: [
          { guard: 'isUnavailableCode', target: 'unavailable' },
          { guard: 'isClosedCode', target: 'closed' },
          { guard: 'isStallCode', target: 'idle', actions: 'assignStallError' },
          { guard: 'isNotFoundCode', target: 'notFound' },
          { target: 'idle', actions: ['assignError', { type: 'notify', params: { message: 'curbsideError' } }] },
        ],
      },
    },
    unavailable: { meta: { message: 'curbsideUnavailable' }, type: 'final' },
    closed: { meta: { message: 'curbsideClosed' }, type: 'final', description: 'Closed now: the next step (inside or the drive-thru) and the way back to the order.' },
    notFound: {
      meta: { message: 'curbsideNoOrder' },
      type: 'final',
      description: 'The server could not tie the check-in to an order (an old token, another account): how to find the order.',
    },
    success: { description: 'Checked in: /pickup/curbside/success.', entry: 'redirect', type: 'final' },
  },
});
