import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { MenuResponse } from '../contracts/ordering.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';

/**
 * The menu of the chosen store (spec 1 section 2 "Ordering and pickup", section 8 "Other ordering messages"):
 * get-menu for the store; 'Menu not available for this store.' when the store takes no mobile orders (its menu is
 * still shown, nothing can be ordered); an empty menu is a 404 with the empty-menu message; a menu load error
 * shows 'Could not load menus for this store. Showing national menu.', clears the store and loads the national
 * menu; any other failure is the 500 page with a retry. A store change reloads. Which page of the menu shows (all,
 * featured, a category, 404 for a missing category) is derived from the loaded menu (machines/menu-pages.ts).
 */
export interface MenuInput {
  storeNumber: string | null;
  locale: string;
}
export interface MenuContext extends MenuInput {
  menu: MenuResponse | null;
}
export type MenuEvent =
  | { type: 'store.changed'; storeNumber: string | null }
  | { type: 'user.retry' }
  | DoneActorEvent<MenuResponse, 'loadMenu'>
  | ErrorActorEvent<unknown, 'loadMenu'>
  | DoneActorEvent<MenuResponse, 'loadNationalMenu'>
  | ErrorActorEvent<unknown, 'loadNationalMenu'>;

export interface MenuRequest {
  storeNumber?: string;
  locale: string;
}
/** get-menu for the chosen store (none: the national menu) */
export function menuRequest({ context }: { context: Pick<MenuContext, 'storeNumber' | 'locale'> }): MenuRequest {
  return { ...(context.storeNumber ? { storeNumber: context.storeNumber } : {}), locale: context.locale };
}
/** get-menu without a store, after the store's menu failed to load */
export function nationalMenuRequest({ context }: { context: Pick<MenuContext, 'locale'> }): MenuRequest {
  return { locale: context.locale };
}

export const menuMachine = setup({
  types: { context: {} as MenuContext, events: {} as MenuEvent, input: {} as MenuInput },
  actors: { loadMenu: fromPromise<MenuResponse, MenuRequest>(async () => notProvided('loadMenu')) },
  guards: {
    isEmptyMenu: ({ event }) => {
      assertEvent(event, ['xstate.error.actor.loadMenu', 'xstate.error.actor.loadNationalMenu']);
      return asFlowError(event.error).code === 'EMPTY_MENU';
    },
    /** the store's menu failed (MENU_LOAD_ERROR) or the store is gone: fall back to the national menu */
    isStoreMenuFailure: ({ context, event }) => {
      assertEvent(event, 'xstate.error.actor.loadMenu');
      return !!context.storeNumber && ['MENU_LOAD_ERROR', 'STORE_NOT_FOUND'].includes(asFlowError(event.error).code);
    },
    isMenuUnavailable: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadMenu');
      return event.output.menuAvailable === false;
    },
  },
  actions: {
    /** provided by the route: the selected store is cleared (spec 8: "the store is cleared") */
    clearStore: () => {},
    /** provided by the route: the cart learns what this store sells (spec 4 availability update) */
    publishAvailability: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<MenuInput>(event, { storeNumber: null, locale: 'en-US' });
      return { storeNumber: i.storeNumber, locale: i.locale };
    }),
    assignMenu: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadMenu', 'xstate.done.actor.loadNationalMenu']);
      return { menu: event.output };
    }),
    forgetStore: assign({ storeNumber: null }),
    assignStore: assign(({ event }) => {
      assertEvent(event, 'store.changed');
      return { storeNumber: event.storeNumber };
    }),
  },
}).createMachine({
  id: 'menu',
  description: "The chosen store's menu, or the national menu when there is no store or its menu failed.",
  meta: { title: 'Menu', spec: '1 §2 Ordering and pickup (menu routes), §8 Other ordering messages (menu)' },
  context: { storeNumber: null, locale: 'en-US', menu: null },
  entry: 'applyInput',
  initial: 'loading',
  on: {
    'store.changed': { target: '.loading', actions: 'assignStore' },
  },
  states: {
    loading: {
      description: 'get-menu for the store (or the national menu).',
      tags: ['loading'],
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        input: menuRequest,
        onDone: [
          { guard: 'isMenuUnavailable', target: 'unavailable', actions: ['assignMenu', 'publishAvailability'] },
          { target: 'ready', actions: ['assignMenu', 'publishAvailability'] },
        ],
        onError: [
          { guard: 'isEmptyMenu', target: 'empty' },
          { guard: 'isStoreMenuFailure', target: 'loadingNational', actions: ['forgetStore', 'clearStore'] },
          { target: 'failed' },
        ],
      },
    },
    loadingNational: {
      description: "The store's menu failed: the national menu loads, with the notice.",
      tags: ['loading'],
      meta: { message: 'menuLoadError' },
      invoke: {
        id: 'loadNationalMenu',
        src: 'loadMenu',
        input: nationalMenuRequest,
        onDone: { target: 'national', actions: 'assignMenu' },
        onError: [{ guard: 'isEmptyMenu', target: 'empty' }, { target: 'failed' }],
      },
    },
    ready: { description: 'The menu: tabs, categories, products (items the store does not sell marked).' },
    unavailable: { description: 'The store takes no mobile orders: its menu shows with the notice.', meta: { message: 'menuNotAvailable' } },
    national: { description: 'The national menu, with the notice that the store\'s menu could not load.', meta: { message: 'menuLoadError' } },
    empty: { description: 'The menu is empty: the 404 page with the empty-menu message.', tags: ['notFound'], meta: { message: 'emptyMenu' } },
    failed: { description: 'The menu failed: the 500 page with a retry.', tags: ['error'], on: { 'user.retry': { target: 'loading' } } },
  },
});
