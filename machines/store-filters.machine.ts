import { setup, assign, emit, assertEvent } from 'xstate';
import { inputOf } from './flow.ts';

/**
 * The store filter overlay (spec 1 section 2 "Filter overlay", section 5 "Store filter"): opens with a
 * draft copy of the applied features, toggles codes, Clear All empties the draft, Apply emits the
 * applied set (`filters.applied`, which the route forwards to the locator) and closes; cancel drops
 * the draft.
 */

export interface StoreFiltersContext {
  applied: string[];
  draft: string[];
}

export interface StoreFiltersInput {
  applied: string[];
}

export type StoreFiltersEvent =
  | { type: 'user.openFilters' }
  | { type: 'user.toggleFeature'; code: string }
  | { type: 'user.clearAll' }
  | { type: 'user.applyFilters' }
  | { type: 'user.cancelFilters' };

export type StoreFiltersEmitted = { type: 'filters.applied'; features: string[] };

export const storeFiltersMachine = setup({
  types: {
    context: {} as StoreFiltersContext,
    events: {} as StoreFiltersEvent,
    input: {} as StoreFiltersInput,
    emitted: {} as StoreFiltersEmitted,
  },
  actions: {
    applyInput: assign(({ event }) => {
      const applied = [...inputOf<StoreFiltersInput>(event, { applied: [] }).applied];
      return { applied, draft: applied };
    }),
    copyAppliedToDraft: assign(({ context }) => ({ draft: [...context.applied] })),
    toggleDraft: assign(({ context, event }) => {
      assertEvent(event, 'user.toggleFeature');
      return { draft: context.draft.includes(event.code) ? context.draft.filter((c) => c !== event.code) : [...context.draft, event.code] };
    }),
    clearDraft: assign({ draft: [] }),
    applyDraft: assign(({ context }) => ({ applied: [...context.draft] })),
    emitApplied: emit(({ context }) => ({ type: 'filters.applied' as const, features: [...context.applied] })),
  },
}).createMachine({
  id: 'storeFilters',
  description: 'Filter overlay with a draft selection; Apply re-queries the locator.',
  meta: { title: 'Store filters', spec: '1: sections 2 (Filter overlay), 5 (Store filter)' },
  entry: 'applyInput',
  context: { applied: [], draft: [] },
  initial: 'closed',
  states: {
    closed: {
      description: 'The filter button shows how many filters are applied.',
      on: { 'user.openFilters': { target: 'open', actions: 'copyAppliedToDraft' } },
    },
    open: {
      description: 'The overlay lists features by category; changes stay in the draft until Apply.',
      on: {
        'user.toggleFeature': { actions: 'toggleDraft' },
        'user.clearAll': { actions: 'clearDraft' },
        'user.applyFilters': { target: 'closed', actions: ['applyDraft', 'emitApplied'] },
        'user.cancelFilters': { target: 'closed' },
      },
    },
  },
});
