/**
 * The order tracker (docs/order-status.md 2.2, 3.3; issue 29): the snapshot, then live events until picked up or
 * cancelled; clock-driven orders refresh at their next boundary; a reset refetches; a token that stops working is
 * "We couldn't find that order."; a load failure shows the generic text with a retry. Status events are announced
 * (the live region and the ready notice), eta and arrival events are not; a replayed event changes nothing.
 */
import { expect } from 'vitest';
import { feedRequest, orderTrackerMachine, trackerRequest, type OrderTrackerContext } from '../order-tracker.machine.ts';
import { OrderStatusMessages } from '../../contracts/order-status-messages.ts';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/errors.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow, type Journey } from './flow.ts';
import { order } from './order-status-fixtures.ts';

const ID = 'ord_abcdefghij12';
const TOKEN = 'ot_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const CONFIG = { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 3, pollMs: 15000, silenceMs: 35000 };
const status = (id: number, s: string) => ({ type: 'feed.event', event: { id, kind: 'status', orderId: ID, status: s, at: `t${id}`, readyEstimateAt: s === 'preparing' ? 'eta' : null } });

export const trackerEvents = {
  loaded: done('loadTracker', order()),
  loadedClock: done('loadTracker', order({ drivenBy: 'clock', nextChangeAt: '2026-11-28T16:01:00.000Z' })),
  loadedDone: done('loadTracker', order({ status: 'picked_up', readyEstimateAt: null })),
  notFound: fail('loadTracker', apiError(404, 'ORDER_NOT_FOUND', 'Order not found.')),
  loadDown: fail('loadTracker', serverDown),
  refreshed: done('refreshTracker', order({ status: 'preparing', lastEventId: 30 })),
  refreshedClock: done('refreshTracker', order({ status: 'preparing', drivenBy: 'clock', nextChangeAt: '2026-11-28T16:06:00.000Z' })),
  refreshedDone: done('refreshTracker', order({ status: 'cancelled', readyEstimateAt: null, refund: { amount: 525, currency: 'USD' }, lastEventId: 40 })),
  refreshDown: fail('refreshTracker', serverDown),
  preparing: status(11, 'preparing'),
  ready: status(12, 'ready'),
  pickedUp: status(13, 'picked_up'),
  cancelled: { type: 'feed.event', event: { id: 15, kind: 'status', orderId: ID, status: 'cancelled', at: 't15', readyEstimateAt: null, refund: { amount: 525, currency: 'USD' }, starsReversed: 12 } },
  eta: { type: 'feed.event', event: { id: 14, kind: 'eta', orderId: ID, readyEstimateAt: '2026-11-28T16:09:00.000Z' } },
  replay: status(9, 'ready'),
  reset: { type: 'feed.reset', lastEventId: 500 },
  feedGone: done('feed', undefined),
  feedFailed: fail('feed', new Error('liveFeed stopped')),
  nextChange: { type: 'xstate.after.nextChange.orderTracker.timed' },
  retry: { type: 'user.retry' },
} as const;
const E = trackerEvents;

type Snap = { value: unknown; context: OrderTrackerContext };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.order?.status, s.context.order?.lastEventId, s.context.order?.drivenBy, s.context.error]);

const journeys: Journey[] = [
  { name: 'placed → preparing → ready → picked up, live', events: [E.loaded, E.preparing, E.ready, E.pickedUp], ends: 'finished' },
  { name: 'cancelled while preparing', events: [E.loaded, E.preparing, E.cancelled], ends: 'finished' },
  { name: 'an eta and a replayed event keep the tracker live', events: [E.loaded, E.eta, E.replay, E.preparing], ends: 'live' },
  { name: 'reset mid-way: refetched, live again', events: [E.loaded, E.preparing, E.reset, E.refreshed, E.ready], ends: 'live' },
  { name: 'reset, the refetch fails: stays live', events: [E.loaded, E.reset, E.refreshDown], ends: 'live' },
  { name: 'reset, already cancelled', events: [E.loaded, E.reset, E.refreshedDone], ends: 'finished' },
  { name: 'clock-driven: refresh at the next boundary', events: [E.loadedClock, E.nextChange, E.refreshedClock, E.nextChange], ends: 'refreshing' },
  { name: 'clock-driven, the refresh fails: waits for the next boundary', events: [E.loadedClock, E.nextChange, E.refreshDown], ends: 'timed' },
  { name: 'already picked up: nothing held open', events: [E.loadedDone], ends: 'finished' },
  { name: 'the token stopped working', events: [E.loaded, E.feedGone], ends: 'notFound' },
  { name: 'unknown order', events: [E.notFound], ends: 'notFound' },
  { name: 'load failure → retry → live', events: [E.loadDown, E.retry, E.loaded], ends: 'live' },
  { name: 'the feed fails', events: [E.loaded, E.feedFailed], ends: 'loadFailed' },
];

export const orderTrackerFlow: Flow<typeof orderTrackerMachine> = {
  machine: orderTrackerMachine,
  table: {
    loading: {
      'xstate.done.actor.loadTracker': [{ guard: 'isTerminalSnapshot', to: 'finished' }, { guard: 'isClockDrivenSnapshot', to: 'timed' }, 'live'],
      'xstate.error.actor.loadTracker': [{ guard: 'isNotFound', to: 'notFound' }, 'loadFailed'],
    },
    loadFailed: { 'user.retry': 'loading' },
    live: {
      'xstate.done.actor.feed': 'notFound',
      'xstate.error.actor.feed': 'loadFailed',
      'feed.event': [{ guard: 'isTerminalEvent', to: 'finished' }, { guard: 'isNewerStatus', to: null }, { guard: 'isNewerEvent', to: null }],
      'feed.reset': 'refreshing',
    },
    refreshing: {
      'xstate.done.actor.refreshTracker': [{ guard: 'isTerminalSnapshot', to: 'finished' }, { guard: 'isClockDrivenSnapshot', to: 'timed' }, 'live'],
      'xstate.error.actor.refreshTracker': [{ guard: 'wasClockDriven', to: 'timed' }, 'live'],
    },
    timed: { 'after nextChange': 'refreshing' },
  },
  sees: {
    loading: { tags: ['loading'] },
    refreshing: { tags: ['loading'] },
    loadFailed: { tags: ['error'], message: 'Something went wrong. Please try again.' },
    notFound: { message: "We couldn't find that order." },
  },
  journeys,
  catalogue: { ...OrderStatusMessages, generic: GENERIC_ERROR_MESSAGE },
  arrange(machine) {
    const fakes = requestFakes({ loadTracker: trackerRequest, liveFeed: feedRequest });
    const spy = spyActions(['announce'] as const);
    let prev: number | undefined;
    let prevStatus: string | undefined;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      runs: [{ name: 'guest', options: { events: Object.values(trackerEvents) as never, input: { orderId: ID, orderToken: TOKEN, feedConfig: CONFIG, jitter: 0.75 } as never, serializeState: serializeState as never } }],
      beforePath: () => {
        spy.clear();
        prev = undefined;
        prevStatus = undefined;
      },
      onStep(s, event) {
        const c = s.context;
        const announced = spy.step().length;
        const fe = (event as { event?: { id: number; kind: string; status?: string } }).event;
        const fresh = event.type === 'feed.event' && prev !== undefined && fe!.id > prev;
        // status events newer than the snapshot are announced; eta, arrival and replays are not
        expect(announced, 'announce').toBe(fresh && fe!.kind === 'status' ? 1 : 0);
        if (event.type === 'feed.event') {
          expect(c.order!.lastEventId).toBe(fresh ? fe!.id : prev);
          expect(c.order!.status).toBe(fresh && fe!.kind === 'status' ? fe!.status : prevStatus);
          if (fresh && fe!.kind === 'eta') expect(c.order!.readyEstimateAt).toBe('2026-11-28T16:09:00.000Z');
        }
        if (s.matches('loading') || s.matches('refreshing')) expect(fakes.last('loadTracker')).toEqual({ orderId: ID, orderToken: TOKEN });
        // the feed starts after the snapshot's last event (events then move the page, not the feed's request)
        if (s.matches('live') && event.type.startsWith('xstate.done.actor.')) expect(fakes.last('liveFeed')).toEqual({ kind: 'order', key: ID, orderToken: TOKEN, lastEventId: c.order!.lastEventId, config: CONFIG, jitter: 0.75 });
        if (event.type === 'xstate.done.actor.loadTracker' || event.type === 'xstate.done.actor.refreshTracker') expect(c.order).toEqual((event as unknown as { output: unknown }).output);
        if (s.matches('loadFailed')) expect(c.error).toBe('generic');
        if (s.matches('refreshing')) expect(c.order).not.toBeNull();
        prev = c.order?.lastEventId;
        prevStatus = c.order?.status;
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
