/**
 * The barista console (docs/order-status.md 2.4, 3.2, 3.7; issue 29 "The barista console"): the queue, then the
 * store feed; start / ready / hand off / cancel (after the confirmation) run one at a time and move a card only on
 * the server's answer; a 409 ORDER_STATUS_CONFLICT shows the current card and 'Someone else updated this order.';
 * any other failure 'Could not update the order. Try again.'; a customer or another store's barista (403) sees
 * 'This console is for the staff of this store.'; an expired session goes to sign in; a reset reloads the queue.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { consoleQueueMachine, orderActionRequest, queueRequest, storeFeedRequest, EXPECTED, type ConsoleQueueContext } from '../console-queue.machine.ts';
import type { ConsoleOrder, ConsoleQueue } from '../../contracts/order-status.ts';
import { OrderStatusMessages } from '../../contracts/order-status-messages.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow, type Journey } from './flow.ts';

const STORE = '10003';
const CONFIG = { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 3, pollMs: 15000, silenceMs: 35000 };
export const card = (orderId: string, status: ConsoleOrder['status'], extra: Partial<ConsoleOrder> = {}): ConsoleOrder => ({
  orderId,
  shortId: orderId.slice(-6),
  name: 'Ada',
  pickupOption: '16',
  scheduledFor: null,
  placedAt: '2026-11-28T16:00:00.000Z',
  status,
  readyEstimateAt: status === 'placed' || status === 'preparing' ? '2026-11-28T16:06:00.000Z' : null,
  items: [{ name: 'Caffè Latte', sizeName: 'Grande', quantity: 1, customisations: ['Oatmilk', 'Extra shot'] }],
  arrival: null,
  total: 525,
  currency: 'USD',
  tender: 'SVC',
  ...extra,
});
const A = 'ord_aaaaaaaaaa01';
const B = 'ord_bbbbbbbbbb02';
const C = 'ord_cccccccccc03';
const D = 'ord_dddddddddd04';
export const queue = (extra: Partial<ConsoleQueue> = {}): ConsoleQueue => ({
  storeNumber: '10003',
  storeName: 'Pike Place',
  timeZone: 'America/Los_Angeles',
  lastEventId: 10,
  orders: [card(A, 'placed'), card(B, 'preparing'), card(C, 'ready')],
  stock: [{ productNumber: 401, name: 'Butter Croissant', categoryName: 'Bakery', soldOut: false }],
  ...extra,
});

export const consoleEvents = {
  loaded: done('loadQueue', queue()),
  loadForbidden: fail('loadQueue', apiError(403, 'STAFF_ONLY', OrderStatusMessages.staffOnly)),
  loadSignedOut: fail('loadQueue', apiError(401, 'UNAUTHORIZED', 'Sign in.')),
  loadDown: fail('loadQueue', serverDown),
  retry: { type: 'user.retry' },
  menuTab: { type: 'user.showTab', tab: 'menu' },
  startA: { type: 'user.start', orderId: A },
  startB: { type: 'user.start', orderId: B },
  readyB: { type: 'user.markReady', orderId: B },
  readyA: { type: 'user.markReady', orderId: A },
  handOffC: { type: 'user.handOff', orderId: C },
  handOffB: { type: 'user.handOff', orderId: B },
  cancelA: { type: 'user.cancel', orderId: A },
  cancelGone: { type: 'user.cancel', orderId: 'ord_zzzzzzzzzz99' },
  confirm: { type: 'user.confirmCancel' },
  reasonStock: { type: 'user.chooseReason', reason: 'out_of_stock' },
  reasonAsked: { type: 'user.chooseReason', reason: 'customer_asked' },
  keep: { type: 'user.keepOrder' },
  actionDone: done('orderAction', { order: card(A, 'preparing') }),
  conflict: fail('orderAction', apiError(409, 'ORDER_STATUS_CONFLICT', OrderStatusMessages.conflict, { order: card(A, 'cancelled') })),
  actionForbidden: fail('orderAction', apiError(403, 'STAFF_ONLY', OrderStatusMessages.staffOnly)),
  actionDown: fail('orderAction', serverDown),
  placedD: { type: 'feed.event', event: { id: 11, kind: 'placed', order: card(D, 'placed') } },
  statusB: { type: 'feed.event', event: { id: 12, kind: 'status', orderId: B, status: 'ready', at: '2026-11-28T16:05:00.000Z', readyEstimateAt: null } },
  arrivalC: { type: 'feed.event', event: { id: 13, kind: 'arrival', orderId: C, stallNumber: 2, displayName: 'Ada', arrivedAt: '2026-11-28T16:07:00.000Z' } },
  soldOut: { type: 'feed.event', event: { id: 14, kind: 'stock', productNumber: 401, availability: 'SoldOut' } },
  eta: { type: 'feed.event', event: { id: 15, kind: 'eta', orderId: A, readyEstimateAt: '2026-11-28T16:09:00.000Z' } },
  replay: { type: 'feed.event', event: { id: 9, kind: 'status', orderId: A, status: 'cancelled', at: 't9', readyEstimateAt: null } },
  reset: { type: 'feed.reset', lastEventId: 500 },
  feedGone: done('feed', undefined),
  feedFailed: fail('feed', new Error('liveFeed stopped')),
} as const;
const E = consoleEvents;

const journeys: Journey[] = [
  { name: 'load → start → ready → hand off', events: [E.loaded, E.startA, E.actionDone, E.readyB, E.actionDone, E.handOffC, E.actionDone], ends: 'ready.idle' },
  { name: 'cancel → keep order', events: [E.loaded, E.cancelA, E.keep], ends: 'ready.idle' },
  { name: 'cancel → confirm without a reason stays → reason → confirm → refunded', events: [E.loaded, E.cancelA, E.confirm, E.reasonStock, E.reasonAsked, E.confirm, E.actionDone], ends: 'ready.idle' },
  { name: 'cancel → reason → keep order: the next cancel asks again', events: [E.loaded, E.cancelA, E.reasonStock, E.keep, E.cancelA, E.confirm], ends: 'ready.confirmingCancel' },
  { name: 'someone else moved it: the current card, the conflict line', events: [E.loaded, E.startA, E.conflict], ends: 'ready.idle' },
  { name: 'an action fails: the failure line', events: [E.loaded, E.handOffC, E.actionDown], ends: 'ready.idle' },
  { name: 'the role was removed while open', events: [E.loaded, E.startA, E.actionForbidden], ends: 'forbidden' },
  { name: 'a new order, a move, an arrival, a sold-out switch from the feed', events: [E.loaded, E.placedD, E.statusB, E.arrivalC, E.soldOut, E.eta, E.replay], ends: 'ready.idle' },
  { name: 'a button for a status the order has left does nothing', events: [E.loaded, E.startB, E.readyA, E.handOffB, E.cancelGone], ends: 'ready.idle' },
  { name: 'feed reset: the queue again', events: [E.loaded, E.reset, E.loaded], ends: 'ready.idle' },
  { name: 'a customer or another store’s barista', events: [E.loadForbidden], ends: 'forbidden' },
  { name: 'the session expired', events: [E.loadSignedOut], ends: 'signedOut' },
  { name: 'load failure → retry', events: [E.loadDown, E.retry, E.loaded], ends: 'ready.idle' },
  { name: 'the feed gone (staff row removed) and failed', events: [E.loaded, E.feedGone], ends: 'forbidden' },
  { name: 'the feed fails', events: [E.loaded, E.feedFailed], ends: 'loadFailed' },
  { name: 'the Menu tab', events: [E.loaded, E.menuTab], ends: 'ready.idle' },
];

type Snap = { value: unknown; context: ConsoleQueueContext };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.orders.map((o) => o.status[0]).join(''), s.context.pending?.action, s.context.pending?.reason ?? null, s.context.notice, s.context.tab, s.context.lastEventId > 10]);

export const consoleQueueFlow: Flow<typeof consoleQueueMachine> = {
  machine: consoleQueueMachine,
  table: {
    loading: {
      'xstate.done.actor.loadQueue': 'ready',
      'xstate.error.actor.loadQueue': [{ guard: 'isForbidden', to: 'forbidden' }, { guard: 'isUnauthorized', to: 'signedOut' }, 'loadFailed'],
    },
    loadFailed: { 'user.retry': 'loading' },
    ready: {
      'user.showTab': null,
      'xstate.done.actor.feed': 'forbidden',
      'xstate.error.actor.feed': 'loadFailed',
      'feed.event': [{ guard: 'isNewer', to: null }],
      'feed.reset': 'loading',
    },
    'ready.idle': {
      'user.start': [{ guard: 'canStart', to: 'ready.acting' }],
      'user.markReady': [{ guard: 'canMarkReady', to: 'ready.acting' }],
      'user.handOff': [{ guard: 'canHandOff', to: 'ready.acting' }],
      'user.cancel': [{ guard: 'canCancel', to: 'ready.confirmingCancel' }],
    },
    'ready.confirmingCancel': { 'user.chooseReason': null, 'user.confirmCancel': [{ guard: 'hasReason', to: 'ready.acting' }], 'user.keepOrder': 'ready.idle' },
    'ready.acting': {
      'xstate.done.actor.orderAction': 'ready.idle',
      'xstate.error.actor.orderAction': [{ guard: 'isConflict', to: 'ready.idle' }, { guard: 'isForbidden', to: 'forbidden' }, 'ready.idle'],
    },
  },
  sees: {
    loading: { tags: ['loading'] },
    loadFailed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
    forbidden: { message: 'This console is for the staff of this store.' },
    'ready.acting': { tags: ['busy'] },
    signedOut: { tags: ['redirecting'] },
  },
  effects: { 'xstate.error.actor.loadQueue -> signedOut': ['redirect'] },
  journeys,
  catalogue: { ...OrderStatusMessages, generic: GENERIC_ERROR_MESSAGE },
  arrange(machine) {
    const fakes = requestFakes({ loadQueue: queueRequest, orderAction: orderActionRequest, liveFeed: storeFeedRequest });
    const spy = spyActions(['redirect'] as const);
    let before: ConsoleQueueContext | undefined;
    let idle = false;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [{ name: 'barista', options: { events: Object.values(consoleEvents) as never, input: { storeNumber: STORE, feedConfig: CONFIG, jitter: 0.75 } as never, serializeState: serializeState as never } }],
      beforePath: () => {
        before = undefined;
        idle = false;
      },
      onStep(s, event) {
        const c = s.context;
        const e = event as AnyEventObject;
        const prev = before;
        const wasIdle = idle;
        before = structuredClone(c);
        idle = s.matches({ ready: 'idle' });
        if (s.matches('loading')) expect(fakes.last('loadQueue')).toEqual({ storeNumber: STORE });
        // the next page only when the session ended: sign in, then back to this console
        expect(c.destination).toBe(s.matches('signedOut') ? `/account/signin?returnUrl=${encodeURIComponent(`/store/${STORE}/orders`)}` : null);
        if (e.type === 'xstate.done.actor.loadQueue') {
          const q = e.output as ConsoleQueue;
          expect([c.orders, c.stock, c.lastEventId, c.storeName, c.timeZone, c.pending]).toEqual([q.orders, q.stock, q.lastEventId, q.storeName, q.timeZone, null]);
          // the feed resumes after the queue's last event, on the store's stream
          expect(fakes.last('liveFeed')).toEqual({ kind: 'store', key: STORE, orderToken: null, lastEventId: 10, config: CONFIG, jitter: 0.75 });
        }
        // a reset (too far behind) loads the queue again; the feed starts over from its lastEventId
        if (e.type === 'feed.reset') expect(s.matches('loading')).toBe(true);
        if (e.type === 'user.showTab' && s.matches('ready')) expect(c.tab).toBe(e.tab);
        if (!prev) return;
        // an action is asked for only from the status it starts from, and sent with that status as expected
        if (e.type.startsWith('user.') && ['user.start', 'user.markReady', 'user.handOff', 'user.cancel'].includes(e.type) && prev.pending === null && !s.matches('forbidden')) {
          const action = ({ 'user.start': 'start', 'user.markReady': 'ready', 'user.handOff': 'handOff', 'user.cancel': 'cancel' } as const)[e.type as 'user.start'];
          const o = prev.orders.find((x) => x.orderId === e.orderId);
          const allowed = !!o && EXPECTED[action].includes(o.status);
          const moved = s.matches({ ready: 'acting' }) || s.matches({ ready: 'confirmingCancel' });
          if (wasIdle && s.matches('ready')) expect(moved, `${e.type} ${e.orderId}`).toBe(allowed);
          if (moved) {
            expect(allowed).toBe(true);
            expect(c.pending).toEqual({ orderId: e.orderId, action, expected: o!.status, reason: null });
            expect(c.notice).toBeNull();
          }
        }
        if (s.matches({ ready: 'acting' })) {
          // a cancel carries the reason chosen in the dialog; the other actions none
          const reason = c.pending!.action === 'cancel' ? { reason: c.pending!.reason } : {};
          if (c.pending!.action === 'cancel') expect(c.pending!.reason).not.toBeNull();
          expect(fakes.last('orderAction')).toEqual({ storeNumber: STORE, orderId: c.pending!.orderId, action: c.pending!.action, expectedStatus: c.pending!.expected, ...reason });
        }
        if (s.matches({ ready: 'confirmingCancel' })) expect(c.pending!.action).toBe('cancel');
        if (e.type === 'user.chooseReason' && s.matches({ ready: 'confirmingCancel' })) expect(c.pending).toEqual({ ...prev.pending, reason: e.reason });
        // confirm without a reason: nothing is sent, the dialog stays
        if (e.type === 'user.confirmCancel' && prev.pending?.reason === null) expect([s.matches({ ready: 'confirmingCancel' }), c.pending]).toEqual([true, prev.pending]);
        if (e.type === 'user.keepOrder') expect([c.pending, c.orders]).toEqual([null, prev.orders]);
        if (e.type === 'xstate.done.actor.orderAction') {
          const out = (e.output as { order: ConsoleOrder }).order;
          expect(c.orders.find((o) => o.orderId === out.orderId)).toEqual(out);
          expect(c.orders).toHaveLength(prev.orders.length);
          expect([c.pending, c.notice]).toEqual([null, null]);
        }
        if (e.type === 'xstate.error.actor.orderAction' && s.matches('ready')) {
          const conflict = (e.error as { status: number }).status === 409;
          expect(c.notice).toBe(conflict ? 'conflict' : 'actionFailed');
          expect(c.pending).toBeNull();
          if (conflict) expect(c.orders.find((o) => o.orderId === A)!.status).toBe('cancelled');
          else expect(c.orders).toEqual(prev.orders);
        }
        if (e.type === 'feed.event' && s.matches('ready')) {
          const fe = e.event as { id: number; kind: string };
          const fresh = fe.id > prev.lastEventId;
          expect(c.lastEventId).toBe(fresh ? fe.id : prev.lastEventId);
          if (!fresh) expect([c.orders, c.stock]).toEqual([prev.orders, prev.stock]);
          else if (fe.kind === 'placed') {
            expect(c.orders.at(-1)!.orderId).toBe(D);
            expect(c.orders.filter((o) => o.orderId === D)).toHaveLength(1);
          } else if (fe.kind === 'status') expect(c.orders.find((o) => o.orderId === B)).toMatchObject({ status: 'ready', readyEstimateAt: null });
          else if (fe.kind === 'arrival') expect(c.orders.find((o) => o.orderId === C)!.arrival).toEqual({ stallNumber: 2, displayName: 'Ada', arrivedAt: '2026-11-28T16:07:00.000Z' });
          else if (fe.kind === 'stock') expect(c.stock).toEqual([{ productNumber: 401, name: 'Butter Croissant', categoryName: 'Bakery', soldOut: true }]);
          else if (fe.kind === 'eta') expect(c.orders.find((o) => o.orderId === A)!.readyEstimateAt).toBe('2026-11-28T16:09:00.000Z');
          // nothing else changes: the other cards stay as they were
          if (fresh && fe.kind !== 'stock') {
            const touched = fe.kind === 'placed' ? D : fe.kind === 'status' ? B : fe.kind === 'arrival' ? C : A;
            expect(c.orders.filter((o) => o.orderId !== touched)).toEqual(prev.orders.filter((o) => o.orderId !== touched));
          }
          if (fresh && fe.kind !== 'stock') expect(c.stock).toEqual(prev.stock);
        }
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
