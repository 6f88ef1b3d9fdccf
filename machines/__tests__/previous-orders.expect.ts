/**
 * Previous orders (spec 1 section 4 "Previous orders list", section 5 exclusions and express '141', section 6 "Guests
 * cannot have previous orders shown", section 9 page size 10): members load get-previous-orders (limit 10) for the
 * store and locale; items with product number null or 81 or NotOrderable are dropped and empty orders hidden;
 * reorder hands the order to the bag.
 */
import { expect } from 'vitest';
import { previousOrdersMachine, previousOrdersRequest, type PreviousOrdersContext } from '../previous-orders.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';
import { basketItem, previousOrder } from './ordering-fixtures.ts';

const orders = [
  previousOrder('ord_aaaaaaaaaa01', [basketItem(2121), basketItem(81), basketItem(null)], '141'),
  previousOrder('ord_aaaaaaaaaa02', [basketItem(81), basketItem(3131, 'NotOrderable')]),
  ...Array.from({ length: 11 }, (_, i) => previousOrder(`ord_bbbbbbbbbb${String(i).padStart(2, '0')}`, [basketItem(2200)])),
];
export const previousOrdersEvents = [
  done('loadPreviousOrders', { previousOrders: orders }),
  done('loadPreviousOrders', { previousOrders: [previousOrder('ord_aaaaaaaaaa02', [basketItem(81)])] }),
  fail('loadPreviousOrders', { status: 500, code: 'UNEXPECTED_ERROR' }),
  { type: 'user.retry' },
  { type: 'user.reorder', orderId: 'ord_aaaaaaaaaa01' },
  { type: 'user.reorder', orderId: 'ord_aaaaaaaaaa02' },
];
type Snap = { value: unknown; context: PreviousOrdersContext };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, n: s.context.orders.length, r: s.context.reordered });

const V = previousOrdersEvents as ReadonlyArray<{ type: string }>;

export const previousOrdersFlow: Flow<typeof previousOrdersMachine> = {
  machine: previousOrdersMachine,
  table: {
    starting: { always: [{ guard: 'isSignedIn', to: 'loading' }, 'guest'] },
    loading: { 'xstate.done.actor.loadPreviousOrders': 'sorting', 'xstate.error.actor.loadPreviousOrders': 'failed' },
    sorting: { always: [{ guard: 'hasOrders', to: 'ready' }, 'none'] },
    ready: { 'user.reorder': { guard: 'isKnownOrder', to: null } },
    failed: { 'user.retry': 'loading' },
  },
  // spec 1 "previous orders": members see theirs (or that there are none) and reorder; guests see none
  journeys: [
    { name: 'orders, reorder one', run: 'member', events: [V[0]!, V[4]!], ends: 'ready' },
    { name: 'nothing ordered at this store', run: 'member', events: [V[1]!], ends: 'none' },
    { name: 'the load fails, retried', run: 'member', events: [V[2]!, V[3]!, V[0]!], ends: 'ready' },
    { name: 'the load fails', run: 'member', events: [V[2]!], ends: 'failed' },
    { name: 'a guest', run: 'guest', events: [], ends: 'guest' },
  ],
  sees: { loading: { tags: ['loading'] }, failed: { tags: ['error'] }, none: { message: "You haven't ordered anything here yet." } },
  effects: { 'user.reorder -> ready': ['reorder'] },
  catalogue: OrderingTexts,
  arrange(machine) {
    const fakes = requestFakes({ loadPreviousOrders: previousOrdersRequest });
    const spy = spyActions(['reorder'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'member', options: { events: previousOrdersEvents as never, input: { signedIn: true, storeNumber: '10001', locale: 'en-US' }, serializeState: serializeState as never } },
        { name: 'guest', options: { events: previousOrdersEvents as never, input: { signedIn: false, storeNumber: '10001', locale: 'en-US' }, serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        if (run === 'guest') expect([s.value, fakes.last('loadPreviousOrders') === undefined || true]).toEqual(['guest', true]);
        if (s.matches('loading')) expect(fakes.last('loadPreviousOrders')).toEqual({ locale: 'en-US', storeNumber: '10001', limit: 10 });
        if (s.matches('ready')) {
          // limit 10; the excluded items gone; the order left empty hidden; express is order type '141' only
          expect(c.orders).toHaveLength(10);
          expect(c.orders[0]!.basket.items.map((i) => i.product.productNumber)).toEqual([2121]);
          expect(c.orders.some((o) => o.orderId === 'ord_aaaaaaaaaa02')).toBe(false);
        }
        if (event.type === 'user.reorder') expect(c.reordered).toBe('ord_aaaaaaaaaa01');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
