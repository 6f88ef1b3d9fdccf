import { setup, assign, assertEvent, fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { liveFeedMachine, DEFAULT_FEED_CONFIG, type FeedConfig, type FeedEvent, type LiveFeedInput } from './live-feed.machine.ts';
import { applyStoreEvent, isNewer, isTerminal, msUntil, type OrderEvent, type TrackerOrder } from './order-status-rules.ts';

/**
 * The order tracker, /menu/order/{orderId} (docs/order-status.md 2.2; issue 29 "Live order status for the
 * customer"): the snapshot (`GET /ordering/orders/{orderId}/tracker`), then the live feed (a `liveFeed` child
 * streaming `feed.event` / `feed.reset` to this machine) until the order is picked up or cancelled. Clock-driven
 * orders (stores without staff: nothing is pushed) refresh at their next time boundary instead. A status event
 * is announced (the page's live region, and the ready notice when it becomes ready).
 */
export interface OrderTrackerInput {
  orderId: string;
  /** a guest's order token (from the URL fragment or the last order in this browser); null for a member */
  orderToken: string | null;
  feedConfig: FeedConfig;
  jitter: number;
}
export interface OrderTrackerContext extends OrderTrackerInput {
  order: TrackerOrder | null;
  error: 'generic' | null;
}
export type OrderTrackerEvent =
  | { type: 'feed.event'; event: FeedEvent }
  | { type: 'feed.reset'; lastEventId: number }
  | { type: 'user.retry' }
  | DoneActorEvent<TrackerOrder, 'loadTracker'>
  | ErrorActorEvent<unknown, 'loadTracker'>
  | DoneActorEvent<TrackerOrder, 'refreshTracker'>
  | ErrorActorEvent<unknown, 'refreshTracker'>;
export interface TrackerRequest {
  orderId: string;
  orderToken: string | null;
}
export function trackerRequest({ context }: { context: Pick<OrderTrackerContext, 'orderId' | 'orderToken'> }): TrackerRequest {
  if (!context.orderId) throw new Error('loadTracker: no orderId');
  return { orderId: context.orderId, orderToken: context.orderToken };
}
export function feedRequest({ context }: { context: Pick<OrderTrackerContext, 'orderId' | 'orderToken' | 'order' | 'feedConfig' | 'jitter'> }): LiveFeedInput {
  if (!context.order) throw new Error('feed: no snapshot');
  return { kind: 'order', key: context.orderId, orderToken: context.orderToken, lastEventId: context.order.lastEventId, config: context.feedConfig, jitter: context.jitter };
}

const snapshotOf = (event: OrderTrackerEvent) => {
  assertEvent(event, ['xstate.done.actor.loadTracker', 'xstate.done.actor.refreshTracker']);
  return event.output;
};
const feedEventOf = (event: OrderTrackerEvent) => {
  assertEvent(event, 'feed.event');
  // the feed passes store events on untyped (FeedEvent); an order's feed carries OrderEvent shapes (docs/order-status.md 3.7)
  const payload: FeedEvent = event.event;
  return payload as unknown as OrderEvent;
};

export const orderTrackerMachine = setup({
  types: { context: {} as OrderTrackerContext, events: {} as OrderTrackerEvent, input: {} as OrderTrackerInput },
  actors: {
    loadTracker: fromPromise<TrackerOrder, TrackerRequest>(async () => notProvided('loadTracker')),
    liveFeed: liveFeedMachine,
  },
  guards: {
    isTerminalSnapshot: ({ event }) => isTerminal(snapshotOf(event).status),
    isClockDrivenSnapshot: ({ event }) => snapshotOf(event).drivenBy === 'clock',
    /** the order shown is clock-driven (a failed refresh keeps it and waits for the next boundary) */
    wasClockDriven: ({ context }) => context.order?.drivenBy === 'clock',
    isNotFound: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.loadTracker');
      const e = asFlowError(event.error);
      return e.status === 404 || e.status === 400;
    },
    isNewerEvent: ({ context, event }) => !!context.order && isNewer(context.order, feedEventOf(event)),
    isNewerStatus: ({ context, event }) => {
      const e = feedEventOf(event);
      return !!context.order && e.kind === 'status' && isNewer(context.order, e);
    },
    isTerminalEvent: ({ context, event }) => {
      const e = feedEventOf(event);
      return !!context.order && e.kind === 'status' && isNewer(context.order, e) && isTerminal(e.status);
    },
  },
  delays: {
    /** a clock-driven order's next boundary (0 when past) */
    nextChange: ({ context }) => msUntil(context.order?.nextChangeAt ?? null, Date.now()),
  },
  actions: {
    applyInput: assign(({ event }) => {
      const i = inputOf<OrderTrackerInput>(event, { orderId: '', orderToken: null, feedConfig: DEFAULT_FEED_CONFIG, jitter: 1 });
      return { orderId: i.orderId, orderToken: i.orderToken, feedConfig: { ...DEFAULT_FEED_CONFIG, ...i.feedConfig }, jitter: i.jitter };
    }),
    assignSnapshot: assign({ order: ({ event }) => snapshotOf(event), error: null }),
    assignLoadError: assign({ error: 'generic' as const }),
    applyEvent: assign({ order: ({ context, event }) => (context.order ? applyStoreEvent(context.order, feedEventOf(event)) : null) }),
    /** provided by the route: the live region's text and, when ready, `order.ready` to the ready notice */
    announce: () => {},
  },
}).createMachine({
  id: 'orderTracker',
  description: 'Where my order is: placed, preparing, ready, picked up (or cancelled), pushed live.',
  meta: { title: 'Order tracker (/menu/order/{orderId})', spec: 'docs/order-status.md 2.2; issue 29' },
  context: { orderId: '', orderToken: null, feedConfig: DEFAULT_FEED_CONFIG, jitter: 1, order: null, error: null },
  entry: 'applyInput',
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTracker',
        src: 'loadTracker',
        input: trackerRequest,
        onDone: [
          { guard: 'isTerminalSnapshot', target: 'finished', actions: 'assignSnapshot' },
          { guard: 'isClockDrivenSnapshot', target: 'timed', actions: 'assignSnapshot' },
          { target: 'live', actions: 'assignSnapshot' },
        ],
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'loadFailed', actions: 'assignLoadError' }],
      },
    },
    loadFailed: { tags: ['error'], meta: { message: 'generic' }, on: { 'user.retry': { target: 'loading' } } },
    notFound: { type: 'final', meta: { message: 'orderNotFound' }, description: 'Unknown order, someone else’s, or a token that no longer works.' },
    live: {
      description: 'The feed is open: status, ETA and arrival events move the page.',
      invoke: { id: 'feed', src: 'liveFeed', input: feedRequest, onDone: { target: 'notFound' }, onError: { target: 'loadFailed', actions: 'assignLoadError' } },
      on: {
        'feed.event': [
          { guard: 'isTerminalEvent', target: 'finished', actions: ['applyEvent', 'announce'] },
          { guard: 'isNewerStatus', actions: ['applyEvent', 'announce'] },
          { guard: 'isNewerEvent', actions: 'applyEvent' },
        ],
        'feed.reset': { target: 'refreshing' },
      },
    },
    refreshing: {
      tags: ['loading'],
      description: 'The snapshot again (too far behind, or a clock boundary); the page keeps the last state.',
      invoke: {
        id: 'refreshTracker',
        src: 'loadTracker',
        input: trackerRequest,
        onDone: [
          { guard: 'isTerminalSnapshot', target: 'finished', actions: 'assignSnapshot' },
          { guard: 'isClockDrivenSnapshot', target: 'timed', actions: 'assignSnapshot' },
          { target: 'live', actions: 'assignSnapshot' },
        ],
        onError: [{ guard: 'wasClockDriven', target: 'timed' }, { target: 'live' }],
      },
    },
    timed: { description: 'A clock-driven order: nothing is pushed; refresh at its next boundary.', after: { nextChange: { target: 'refreshing' } } },
    finished: { type: 'final', description: 'Picked up or cancelled: no connection held.' },
  },
});
