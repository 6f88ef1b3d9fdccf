import { setup, assign, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { inputOf } from './flow.ts';
import { liveFeedMachine, DEFAULT_FEED_CONFIG, type FeedConfig, type FeedEvent, type LiveFeedInput } from './live-feed.machine.ts';
import { stockChange, type StockAvailability } from './stock-rules.ts';

export { stockChange, stockOf, type StockAvailability } from './stock-rules.ts';

/**
 * Live stock on an open menu, product page and cart (issue 29 "Stock-aware menu"; docs/order-status.md 2.6, 3.8):
 * while a store is chosen, a `liveFeed` child follows the store's stock stream (`/ordering/stores/{n}/stock-events`,
 * polling when the stream cannot be held); each `stock` event newer than the last one seen is kept in `stock`
 * (product number → 'Available' | 'SoldOut': the changes since the page's menu loaded, which the views lay over the
 * menu's own availability: `stockOf`) and handed to the route (`applyStock`: the cached menu and product answers,
 * the cart's availability). A reset (the page fell more than 200 events behind) forgets the changes and refetches
 * the menu (`refetchMenu`). A store change starts over on the new store's stream; no store, or a feed that stopped
 * (the store is gone, or failed): idle, the menu as loaded.
 */
export interface StoreStockInput {
  storeNumber: string | null;
  /** the stream resumes after this id (0: the store's stock events are replayed in order, the last one wins) */
  lastEventId: number;
  feedConfig: FeedConfig;
  /** ∈ [0.5, 1], drawn by the route once per page */
  jitter: number;
}
export interface StoreStockContext extends StoreStockInput {
  /** product number → its position since the menu loaded (the views prefer it to the menu's availability) */
  stock: Record<string, StockAvailability>;
}
export type StoreStockEvent =
  | { type: 'store.changed'; storeNumber: string | null }
  | { type: 'feed.event'; event: FeedEvent }
  | { type: 'feed.reset'; lastEventId: number }
  | DoneActorEvent<unknown, 'feed'>
  | ErrorActorEvent<unknown, 'feed'>;

/** the liveFeed child's input: the store's stock stream, no token (stock is public) */
export function stockFeedRequest({ context }: { context: Pick<StoreStockContext, 'storeNumber' | 'lastEventId' | 'feedConfig' | 'jitter'> }): LiveFeedInput {
  if (!context.storeNumber) throw new Error('storeStock: no store');
  return { kind: 'stock', key: context.storeNumber, orderToken: null, lastEventId: context.lastEventId, config: context.feedConfig, jitter: context.jitter };
}

export const storeStockMachine = setup({
  types: { context: {} as StoreStockContext, events: {} as StoreStockEvent, input: {} as StoreStockInput },
  actors: { liveFeed: liveFeedMachine },
  guards: {
    hasStoreInContext: ({ context }) => context.storeNumber !== null,
    hasStore: ({ event }) => {
      assertEvent(event, 'store.changed');
      return event.storeNumber !== null;
    },
    /** a well-formed stock event newer than the last one applied (a replay after a poll changes nothing) */
    isNewStockEvent: ({ context, event }) => {
      assertEvent(event, 'feed.event');
      return event.event.id > context.lastEventId && stockChange(event.event) !== null;
    },
  },
  actions: {
    /** provided by the route: the cached menu, product and similar-items answers and the cart learn the change */
    applyStock: () => {},
    /** provided by the route: the store's menu is fetched again (after a reset) */
    refetchMenu: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<StoreStockInput>(event, { storeNumber: null, lastEventId: 0, feedConfig: DEFAULT_FEED_CONFIG, jitter: 1 });
      return { storeNumber: i.storeNumber, lastEventId: i.lastEventId, feedConfig: i.feedConfig, jitter: i.jitter, stock: {} };
    }),
    assignStore: assign(({ event }) => {
      assertEvent(event, 'store.changed');
      return { storeNumber: event.storeNumber, lastEventId: 0, stock: {} };
    }),
    assignStock: assign(({ context, event }) => {
      assertEvent(event, 'feed.event');
      const change = stockChange(event.event)!;
      return { stock: { ...context.stock, [String(change.productNumber)]: change.availability }, lastEventId: event.event.id };
    }),
    forgetStock: assign(({ event }) => {
      assertEvent(event, 'feed.reset');
      return { stock: {}, lastEventId: event.lastEventId };
    }),
  },
}).createMachine({
  id: 'storeStock',
  description: "Live stock of the chosen store: its stock stream's changes laid over the loaded menu, product page and cart.",
  meta: { title: 'Store stock (live sold-out items)', spec: 'issue 29 Stock-aware menu; docs/order-status.md 2.6, 3.8' },
  context: { storeNumber: null, lastEventId: 0, feedConfig: DEFAULT_FEED_CONFIG, jitter: 1, stock: {} },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'A store chosen: watch its stock; none: nothing to watch.',
      always: [{ guard: 'hasStoreInContext', target: 'watching' }, { target: 'idle' }],
    },
    idle: {
      description: 'No store, or its feed stopped: the menu shows its availability as loaded.',
      on: {
        'store.changed': [{ guard: 'hasStore', target: 'watching', actions: 'assignStore' }, { actions: 'assignStore' }],
      },
    },
    watching: {
      description: "The store's stock stream: each change greys or restores an item without a reload.",
      tags: ['live'],
      invoke: {
        id: 'feed',
        src: 'liveFeed',
        input: stockFeedRequest,
        onDone: { target: 'idle' },
        onError: { target: 'idle' },
      },
      on: {
        'feed.event': { guard: 'isNewStockEvent', actions: ['assignStock', 'applyStock'] },
        'feed.reset': { actions: ['forgetStock', 'refetchMenu'] },
        'store.changed': [
          { guard: 'hasStore', target: 'watching', reenter: true, actions: 'assignStore' },
          { target: 'idle', actions: 'assignStore' },
        ],
      },
    },
  },
});
