import { setup, assign, assertEvent, fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { pathTo } from './app-paths.ts';
import { liveFeedMachine, DEFAULT_FEED_CONFIG, type FeedConfig, type FeedEvent, type LiveFeedInput } from './live-feed.machine.ts';
import type { CancelReason, ConsoleAction, ConsoleOrder, ConsoleQueue, ConsoleStockItem, OrderStatus, StoreEvent } from '../contracts/order-status.ts';

/**
 * The barista console, /store/{storeNumber}/orders (docs/order-status.md 2.4; issue 29 "The barista console"): the
 * store's queue (`GET /store/{n}/orders`), then the store's live feed (a `liveFeed` child on `/store/{n}/events`
 * streaming `feed.event` / `feed.reset` here): a placed event adds a card, a status event moves it, eta and arrival
 * update it, a stock event sets the Menu tab's switch. Actions (start, mark ready, hand off, cancel after a
 * confirmation) run one at a time and move a card only on the server's answer (two tablets never show an order in
 * two columns); a 409 ORDER_STATUS_CONFLICT carries the current card, which replaces the stale one.
 */
export interface ConsoleQueueInput {
  storeNumber: string;
  feedConfig: FeedConfig;
  jitter: number;
}
export type ConsoleTab = 'queue' | 'menu';
export type ConsoleNotice = 'conflict' | 'actionFailed';
export interface PendingAction {
  orderId: string;
  action: ConsoleAction;
  expected: OrderStatus;
  /** cancel: the reason chosen in the dialog (null until one is chosen; the server requires it) */
  reason: CancelReason | null;
}
export interface ConsoleQueueContext extends ConsoleQueueInput {
  storeName: string;
  timeZone: string;
  orders: ConsoleOrder[];
  stock: ConsoleStockItem[];
  lastEventId: number;
  tab: ConsoleTab;
  pending: PendingAction | null;
  /** the status line after an action: a conflict or a failure (message keys of OrderStatusMessages) */
  notice: ConsoleNotice | null;
  /** the next page (docs/machines.md "Navigation: typed paths"): sign-in and back here, when the session ended */
  destination: string | null;
}
type OrderEvent = { orderId: string };
export type ConsoleQueueEvent =
  | { type: 'user.showTab'; tab: ConsoleTab }
  | ({ type: 'user.start' } & OrderEvent)
  | ({ type: 'user.markReady' } & OrderEvent)
  | ({ type: 'user.handOff' } & OrderEvent)
  | ({ type: 'user.cancel' } & OrderEvent)
  | { type: 'user.chooseReason'; reason: CancelReason }
  | { type: 'user.confirmCancel' }
  | { type: 'user.keepOrder' }
  | { type: 'user.retry' }
  | { type: 'feed.event'; event: FeedEvent }
  | { type: 'feed.reset'; lastEventId: number }
  | DoneActorEvent<ConsoleQueue, 'loadQueue'>
  | ErrorActorEvent<unknown, 'loadQueue'>
  | DoneActorEvent<{ order: ConsoleOrder }, 'orderAction'>
  | ErrorActorEvent<unknown, 'orderAction'>;

export interface QueueRequest {
  storeNumber: string;
}
export interface OrderActionRequestOf {
  storeNumber: string;
  orderId: string;
  action: ConsoleAction;
  expectedStatus: OrderStatus;
  /** cancel only */
  reason?: CancelReason;
}

export function queueRequest({ context }: { context: Pick<ConsoleQueueContext, 'storeNumber'> }): QueueRequest {
  if (!context.storeNumber) throw new Error('loadQueue: no storeNumber');
  return { storeNumber: context.storeNumber };
}
export function storeFeedRequest({ context }: { context: Pick<ConsoleQueueContext, 'storeNumber' | 'lastEventId' | 'feedConfig' | 'jitter'> }): LiveFeedInput {
  return { kind: 'store', key: context.storeNumber, orderToken: null, lastEventId: context.lastEventId, config: context.feedConfig, jitter: context.jitter };
}
export function orderActionRequest({ context }: { context: Pick<ConsoleQueueContext, 'storeNumber' | 'pending'> }): OrderActionRequestOf {
  const p = context.pending;
  if (!p) throw new Error('orderAction: nothing pending');
  return { storeNumber: context.storeNumber, orderId: p.orderId, action: p.action, expectedStatus: p.expected, ...(p.action === 'cancel' && p.reason ? { reason: p.reason } : {}) };
}

/** the status an action starts from (docs/order-status.md 3.2: the server checks it again) */
export const EXPECTED: Record<ConsoleAction, OrderStatus[]> = { start: ['placed'], ready: ['preparing'], handOff: ['ready'], cancel: ['placed', 'preparing', 'ready'] };
const USER_ACTION = { 'user.start': 'start', 'user.markReady': 'ready', 'user.handOff': 'handOff', 'user.cancel': 'cancel' } as const;

const orderOf = (orders: ConsoleOrder[], orderId: string) => orders.find((o) => o.orderId === orderId);
const canDo = (action: ConsoleAction, context: ConsoleQueueContext, orderId: string) => {
  const o = orderOf(context.orders, orderId);
  return !!o && EXPECTED[action].includes(o.status);
};
/** a card replaced by a newer copy, or added (placed) at the end */
export const upsert = (orders: ConsoleOrder[], card: ConsoleOrder) => (orderOf(orders, card.orderId) ? orders.map((o) => (o.orderId === card.orderId ? card : o)) : [...orders, card]);

/** one store event applied to the console (pure): placed adds, status moves, eta and arrival update, stock switches */
export function applyConsoleEvent(context: Pick<ConsoleQueueContext, 'orders' | 'stock' | 'lastEventId'>, raw: FeedEvent): Pick<ConsoleQueueContext, 'orders' | 'stock' | 'lastEventId'> {
  const e = raw as unknown as StoreEvent;
  const lastEventId = Math.max(context.lastEventId, e.id);
  const patch = (orderId: string, f: (o: ConsoleOrder) => ConsoleOrder) => context.orders.map((o) => (o.orderId === orderId ? f(o) : o));
  switch (e.kind) {
    case 'placed':
      return { ...context, lastEventId, orders: upsert(context.orders, e.order) };
    case 'status':
      return { ...context, lastEventId, orders: patch(e.orderId, (o) => ({ ...o, status: e.status, readyEstimateAt: e.readyEstimateAt })) };
    case 'eta':
      return { ...context, lastEventId, orders: patch(e.orderId, (o) => ({ ...o, readyEstimateAt: e.readyEstimateAt })) };
    case 'arrival':
      return { ...context, lastEventId, orders: patch(e.orderId, (o) => ({ ...o, arrival: { stallNumber: e.stallNumber, displayName: e.displayName, arrivedAt: e.arrivedAt } })) };
    case 'stock':
      return { ...context, lastEventId, stock: context.stock.map((s) => (s.productNumber === e.productNumber ? { ...s, soldOut: e.availability === 'SoldOut' } : s)) };
    default:
      return { ...context, lastEventId };
  }
}

const errorOf = (event: ConsoleQueueEvent) => {
  assertEvent(event, ['xstate.error.actor.loadQueue', 'xstate.error.actor.orderAction']);
  return asFlowError(event.error);
};
const feedEventOf = (event: ConsoleQueueEvent) => {
  assertEvent(event, 'feed.event');
  return event.event;
};

export const consoleQueueMachine = setup({
  types: { context: {} as ConsoleQueueContext, events: {} as ConsoleQueueEvent, input: {} as ConsoleQueueInput },
  actors: {
    loadQueue: fromPromise<ConsoleQueue, QueueRequest>(async () => notProvided('loadQueue')),
    orderAction: fromPromise<{ order: ConsoleOrder }, OrderActionRequestOf>(async () => notProvided('orderAction')),
    liveFeed: liveFeedMachine,
  },
  guards: {
    isForbidden: ({ event }) => errorOf(event).status === 403,
    isUnauthorized: ({ event }) => errorOf(event).status === 401,
    isConflict: ({ event }) => errorOf(event).status === 409,
    isNewer: ({ context, event }) => feedEventOf(event).id > context.lastEventId,
    canStart: ({ context, event }) => {
      assertEvent(event, 'user.start');
      return canDo('start', context, event.orderId);
    },
    canMarkReady: ({ context, event }) => {
      assertEvent(event, 'user.markReady');
      return canDo('ready', context, event.orderId);
    },
    canHandOff: ({ context, event }) => {
      assertEvent(event, 'user.handOff');
      return canDo('handOff', context, event.orderId);
    },
    canCancel: ({ context, event }) => {
      assertEvent(event, 'user.cancel');
      return canDo('cancel', context, event.orderId);
    },
    hasReason: ({ context }) => context.pending?.reason != null,
  },
  actions: {
    applyInput: assign(({ event }) => {
      const i = inputOf<ConsoleQueueInput>(event, { storeNumber: '', feedConfig: DEFAULT_FEED_CONFIG, jitter: 1 });
      return { storeNumber: i.storeNumber, feedConfig: { ...DEFAULT_FEED_CONFIG, ...i.feedConfig }, jitter: i.jitter };
    }),
    assignQueue: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadQueue');
      const q = event.output;
      return { storeName: q.storeName, timeZone: q.timeZone, orders: q.orders, stock: q.stock, lastEventId: q.lastEventId, pending: null };
    }),
    assignTab: assign(({ event }) => {
      assertEvent(event, 'user.showTab');
      return { tab: event.tab };
    }),
    assignAction: assign(({ context, event }) => {
      assertEvent(event, ['user.start', 'user.markReady', 'user.handOff', 'user.cancel']);
      const action = USER_ACTION[event.type];
      return { pending: { orderId: event.orderId, action, expected: orderOf(context.orders, event.orderId)!.status, reason: null }, notice: null };
    }),
    assignReason: assign(({ context, event }) => {
      assertEvent(event, 'user.chooseReason');
      return { pending: context.pending ? { ...context.pending, reason: event.reason } : null };
    }),
    clearPending: assign({ pending: null }),
    applyEvent: assign(({ context, event }) => applyConsoleEvent(context, feedEventOf(event))),
    applyActionResult: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.orderAction');
      const out = event.output;
      return { orders: upsert(context.orders, out.order), pending: null };
    }),
    applyConflict: assign(({ context, event }) => {
      const card = errorOf(event).body.order as ConsoleOrder | undefined;
      return { orders: card ? upsert(context.orders, card) : context.orders, pending: null, notice: 'conflict' as const };
    }),
    assignFailed: assign({ pending: null, notice: 'actionFailed' as const }),
    /** the session ended while open: sign in and back to this console */
    toSignIn: assign(({ context }) => ({ destination: pathTo.signInThen(pathTo.storeOrders(context.storeNumber)) })),
    /** provided by the page (src/services/redirect.ts useRedirect): go to `destination` */
    redirect: () => {},
  },
}).createMachine({
  id: 'consoleQueue',
  description: "A store's live queue for its baristas: start, mark ready, hand off, cancel; a Menu tab of sold-out switches.",
  meta: { title: 'Barista console (/store/{storeNumber}/orders)', spec: 'docs/order-status.md 2.4, 3.5, 3.7; issue 29' },
  context: { storeNumber: '', feedConfig: DEFAULT_FEED_CONFIG, jitter: 1, storeName: '', timeZone: 'UTC', orders: [], stock: [], lastEventId: 0, tab: 'queue', pending: null, notice: null, destination: null },
  entry: 'applyInput',
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: queueRequest,
        onDone: { target: 'ready', actions: 'assignQueue' },
        onError: [{ guard: 'isForbidden', target: 'forbidden' }, { guard: 'isUnauthorized', target: 'signedOut', actions: 'toSignIn' }, { target: 'loadFailed' }],
      },
    },
    loadFailed: { tags: ['error'], meta: { message: 'generic' }, on: { 'user.retry': { target: 'loading' } } },
    forbidden: { type: 'final', meta: { message: 'staffOnly' }, description: 'A customer, or staff of another store (the server answered 403).' },
    signedOut: { type: 'final', tags: ['redirecting'], entry: 'redirect', description: 'The session ended while the console was open: to sign in and back.' },
    ready: {
      description: 'The queue is shown; the store feed keeps it live while the barista works.',
      invoke: { id: 'feed', src: 'liveFeed', input: storeFeedRequest, onDone: { target: 'forbidden' }, onError: { target: 'loadFailed' } },
      on: {
        'user.showTab': { actions: 'assignTab' },
        'feed.event': { guard: 'isNewer', actions: 'applyEvent' },
        'feed.reset': { target: 'loading' },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.start': { guard: 'canStart', target: 'acting', actions: 'assignAction' },
            'user.markReady': { guard: 'canMarkReady', target: 'acting', actions: 'assignAction' },
            'user.handOff': { guard: 'canHandOff', target: 'acting', actions: 'assignAction' },
            'user.cancel': { guard: 'canCancel', target: 'confirmingCancel', actions: 'assignAction' },
          },
        },
        confirmingCancel: {
          description: "The dialog 'Cancel this order?' with the refund it makes and the reason to choose (out of stock, store closing, customer asked, other); 'Cancel and refund' only with a reason.",
          on: {
            'user.chooseReason': { actions: 'assignReason' },
            'user.confirmCancel': { guard: 'hasReason', target: 'acting' },
            'user.keepOrder': { target: 'idle', actions: 'clearPending' },
          },
        },
        acting: {
          tags: ['busy'],
          description: "The action is sent; the card's buttons are disabled until the answer.",
          invoke: {
            id: 'orderAction',
            src: 'orderAction',
            input: orderActionRequest,
            onDone: { target: 'idle', actions: 'applyActionResult' },
            onError: [
              { guard: 'isConflict', target: 'idle', actions: 'applyConflict' },
              { guard: 'isForbidden', target: '#consoleQueue.forbidden' },
              { target: 'idle', actions: 'assignFailed' },
            ],
          },
        },
      },
    },
  },
});
