/**
 * Live stock on an open menu (issue 29 "Stock-aware menu: items marked sold out at a store are greyed on its menu,
 * product pages and in the cart … A change in the console reaches an open menu page without a reload";
 * docs/order-status.md 2.6, 3.8): with a store chosen the page follows the store's stock stream; each newer stock
 * event is kept and handed to the page (applyStock); a replayed or malformed one changes nothing; a reset forgets the
 * changes and refetches the menu; a store change starts again on the new store; no store or a stopped feed: idle.
 */
import { expect } from 'vitest';
import { stockFeedRequest, storeStockMachine, type StoreStockContext } from '../store-stock.machine.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow, type Journey } from './flow.ts';

const CONFIG = { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 3, pollMs: 15000, silenceMs: 35000 };
const LATTE = 2001;
const DONUT = 7002;
const stock = (id: number, productNumber: number, availability: string) => ({ type: 'feed.event', event: { id, kind: 'stock', productNumber, availability } });

export const stockEvents = {
  latteSoldOut: stock(5, LATTE, 'SoldOut'),
  donutSoldOut: stock(6, DONUT, 'SoldOut'),
  latteBack: stock(7, LATTE, 'Available'),
  replay: stock(3, DONUT, 'Available'),
  malformed: stock(9, LATTE, 'NotAvailableHere'),
  otherKind: { type: 'feed.event', event: { id: 10, kind: 'status', orderId: 'ord_abcdefghij12', status: 'ready' } },
  reset: { type: 'feed.reset', lastEventId: 400 },
  otherStore: { type: 'store.changed', storeNumber: '10001' },
  noStore: { type: 'store.changed', storeNumber: null },
  feedGone: done('feed', undefined),
  feedFailed: fail('feed', new Error('liveFeed stopped')),
} as const;
const E = stockEvents;

type Snap = { value: unknown; context: StoreStockContext };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.storeNumber, s.context.lastEventId, s.context.stock]);

const journeys: Journey[] = [
  { name: 'the barista sells out the latte, then the doughnut, then the latte is back', events: [E.latteSoldOut, E.donutSoldOut, E.latteBack], ends: 'watching' },
  { name: 'a replayed, a malformed and an order event change nothing', events: [E.latteSoldOut, E.replay, E.malformed, E.otherKind], ends: 'watching' },
  { name: 'reset: the changes are forgotten, the menu refetched', events: [E.latteSoldOut, E.reset, E.donutSoldOut], ends: 'watching' },
  { name: 'another store: the stream of that store', events: [E.latteSoldOut, E.otherStore], ends: 'watching' },
  { name: 'the store is cleared: idle', events: [E.latteSoldOut, E.noStore], ends: 'idle' },
  { name: 'a store chosen later: watching', run: 'no store', events: [E.otherStore, E.latteSoldOut], ends: 'watching' },
  { name: 'no store: nothing to watch', run: 'no store', events: [E.latteSoldOut], ends: 'idle' },
  { name: 'the store is gone', events: [E.feedGone], ends: 'idle' },
  { name: 'the feed fails', events: [E.feedFailed], ends: 'idle' },
];

export const storeStockFlow: Flow<typeof storeStockMachine> = {
  machine: storeStockMachine,
  table: {
    starting: { always: [{ guard: 'hasStoreInContext', to: 'watching' }, 'idle'] },
    idle: { 'store.changed': [{ guard: 'hasStore', to: 'watching' }, null] },
    watching: {
      'store.changed': [{ guard: 'hasStore', to: 'watching' }, 'idle'],
      'xstate.done.actor.feed': 'idle',
      'xstate.error.actor.feed': 'idle',
      'feed.event': { guard: 'isNewStockEvent', to: null },
      'feed.reset': null,
    },
  },
  sees: {
    watching: { tags: ['live'] },
  },
  // applyStock (a newer stock event only) is checked per step in onStep: the effects table keys by event type
  effects: {
    'feed.reset -> watching': ['refetchMenu'],
  },
  journeys,
  arrange(machine) {
    const fakes = requestFakes({ liveFeed: stockFeedRequest });
    const spy = spyActions(['refetchMenu'] as const);
    const applied: string[] = [];
    const applyStock = ({ context }: { context: StoreStockContext }) => void applied.push(JSON.stringify(context.stock));
    let expected: Record<string, string> = {};
    let last = 0;
    let store: string | null = null;
    const run = (name: string, storeNumber: string | null) => ({ name, options: { events: Object.values(stockEvents) as never, input: { storeNumber, lastEventId: 0, feedConfig: CONFIG, jitter: 0.75 } as never, serializeState: serializeState as never } });
    return {
      machine: machine.provide({ actors: fakes.actors, actions: { ...spy.actions, applyStock } }),
      spy,
      runs: [run('store', '10003'), run('no store', null)],
      beforePath: () => void ((expected = {}), (last = 0), (store = null)),
      onStep(s, event) {
        const c = s.context;
        const appliedNow = applied.splice(0);
        if (event.type === 'xstate.init') store = c.storeNumber;
        if (event.type === 'store.changed') {
          store = (event as unknown as { storeNumber: string | null }).storeNumber;
          expected = {};
          last = 0;
        }
        if (event.type === 'feed.reset' && s.matches('watching')) {
          expected = {};
          last = 400;
        }
        const fe = (event as { event?: { id: number; kind: string; productNumber: number; availability: string } }).event;
        if (event.type === 'feed.event' && s.matches('watching') && fe!.kind === 'stock' && fe!.id > last && ['Available', 'SoldOut'].includes(fe!.availability)) {
          expected = { ...expected, [String(fe!.productNumber)]: fe!.availability };
          last = fe!.id;
          // the page learns the change once, after it is kept
          expect(appliedNow).toEqual([JSON.stringify(expected)]);
        } else expect(appliedNow).toEqual([]);
        expect(c.storeNumber).toBe(store);
        expect(c.stock).toEqual(expected);
        expect(c.lastEventId).toBe(last);
        // the feed follows the chosen store's stock stream from the start of it (replayed in order: the last wins)
        if (s.matches('watching') && (event.type === 'xstate.init' || event.type === 'store.changed'))
          expect(fakes.last('liveFeed')).toEqual({ kind: 'stock', key: store, orderToken: null, lastEventId: 0, config: CONFIG, jitter: 0.75 });
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
