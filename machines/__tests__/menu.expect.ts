/**
 * The menu (spec 1 section 2 "Ordering and pickup", section 8 "Other ordering messages", menu): the chosen store's
 * menu; 'Menu not available for this store.' when the store takes no mobile orders; an empty menu is the 404 with
 * the empty-menu message; a menu load error says 'Could not load menus for this store. Showing national menu.',
 * clears the store and loads the national menu; other failures are the 500 page with a retry; a store change reloads.
 */
import { expect } from 'vitest';
import { menuMachine, menuRequest, nationalMenuRequest, type MenuContext } from '../menu.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';
import { menuFixture } from './ordering-fixtures.ts';

const gqlError = (code: string, status: number) => ({ status, code, message: 'x', body: { code } });
const national = menuFixture({ storeNumber: null, national: true });
export const menuEvents = [
  done('loadMenu', menuFixture()),
  done('loadMenu', menuFixture({ menuAvailable: false })),
  fail('loadMenu', gqlError('EMPTY_MENU', 404)),
  fail('loadMenu', gqlError('MENU_LOAD_ERROR', 500)),
  fail('loadMenu', gqlError('UNEXPECTED_ERROR', 500)),
  done('loadNationalMenu', national),
  fail('loadNationalMenu', gqlError('EMPTY_MENU', 404)),
  fail('loadNationalMenu', gqlError('MENU_LOAD_ERROR', 500)),
  { type: 'store.changed', storeNumber: '10002' },
  { type: 'user.retry' },
];
type Snap = { value: unknown; context: MenuContext };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, s: s.context.storeNumber, m: s.context.menu?.storeNumber ?? s.context.menu?.national ?? null });

const N = menuEvents as ReadonlyArray<{ type: string }>;

export const menuFlow: Flow<typeof menuMachine> = {
  machine: menuMachine,
  table: {
    '(root)': { 'store.changed': 'loading' },
    loading: {
      'xstate.done.actor.loadMenu': [{ guard: 'isMenuUnavailable', to: 'unavailable' }, 'ready'],
      'xstate.error.actor.loadMenu': [{ guard: 'isEmptyMenu', to: 'empty' }, { guard: 'isStoreMenuFailure', to: 'loadingNational' }, 'failed'],
    },
    loadingNational: {
      'xstate.done.actor.loadNationalMenu': 'national',
      'xstate.error.actor.loadNationalMenu': [{ guard: 'isEmptyMenu', to: 'empty' }, 'failed'],
    },
    failed: { 'user.retry': 'loading' },
  },
  // spec 1 "menu": the store's menu, else the national one when the store's fails; empty and unavailable say so
  journeys: [
    { name: "the store's menu", run: 'store', events: [N[0]!], ends: 'ready' },
    { name: 'the menu is not available', run: 'store', events: [N[1]!], ends: 'unavailable' },
    { name: 'an empty menu', run: 'store', events: [N[2]!], ends: 'empty' },
    { name: "the store's menu fails: the national menu", run: 'store', events: [N[3]!, N[5]!], ends: 'national' },
    { name: 'the national menu is empty', run: 'store', events: [N[3]!, N[6]!], ends: 'empty' },
    { name: 'the national menu fails too', run: 'store', events: [N[3]!, N[7]!], ends: 'failed' },
    { name: 'an unexpected error, retried', run: 'store', events: [N[4]!, N[9]!, N[0]!], ends: 'ready' },
    { name: 'an unexpected error', run: 'store', events: [N[4]!], ends: 'failed' },
    { name: 'another store: loading again', run: 'store', events: [N[0]!, N[8]!], ends: 'loading' },
  ],
  sees: {
    loading: { tags: ['loading'] },
    loadingNational: { tags: ['loading'], message: 'Could not load menus for this store. Showing national menu.' },
    unavailable: { message: 'Menu not available for this store.' },
    national: { message: 'Could not load menus for this store. Showing national menu.' },
    empty: { tags: ['notFound'], message: 'There is nothing on the menu at this store right now.' },
    failed: { tags: ['error'] },
  },
  effects: {
    'xstate.done.actor.loadMenu -> ready': ['publishAvailability'],
    'xstate.done.actor.loadMenu -> unavailable': ['publishAvailability'],
    'xstate.error.actor.loadMenu -> loadingNational': ['clearStore'],
  },
  catalogue: OrderingTexts,
  arrange(machine) {
    const fakes = requestFakes({ loadMenu: menuRequest, loadNationalMenu: nationalMenuRequest });
    const spy = spyActions(['clearStore', 'publishAvailability'] as const);
    let prevStore: string | null = null;
    return {
      machine: machine.provide({ actors: { loadMenu: fakes.actors.loadMenu }, actions: spy.actions }),
      spy,
      runs: [
        { name: 'store', options: { events: menuEvents as never, input: { storeNumber: '10001', locale: 'en-US' }, serializeState: serializeState as never } },
        { name: 'no store', options: { events: menuEvents as never, input: { storeNumber: null, locale: 'en-CA' }, serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        if (s.matches('loading')) expect(fakes.last('loadMenu')).toEqual(c.storeNumber ? { storeNumber: c.storeNumber, locale: c.locale } : { locale: c.locale });
        if (s.matches('loadingNational')) {
          expect(fakes.last('loadMenu')).toEqual({ locale: c.locale });
          expect(c.storeNumber).toBeNull();
        }
        if (event.type === 'store.changed') expect(c.storeNumber).toBe('10002');
        if (s.matches('ready') || s.matches('unavailable')) expect(c.menu?.storeNumber).toBe('10001');
        if (s.matches('national')) expect([c.menu?.national, c.storeNumber]).toEqual([true, null]);
        // without a store, a failure cannot fall back: it is the 500 page
        if (event.type === 'xstate.error.actor.loadMenu' && !s.matches('empty')) expect(s.matches('failed')).toBe(prevStore === null || (event as unknown as { error: { code: string } }).error.code === 'UNEXPECTED_ERROR');
        if (event.type === 'xstate.init') expect(c.storeNumber).toBe(run === 'store' ? '10001' : null);
        prevStore = c.storeNumber;
        expect(OrderingTexts.menuLoadError).toBe('Could not load menus for this store. Showing national menu.');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('loadMenu')).toEqual(expect.arrayContaining([{ storeNumber: '10001', locale: 'en-US' }, { locale: 'en-US' }, { storeNumber: '10002', locale: 'en-US' }, { locale: 'en-CA' }]));
      },
    };
  },
};
