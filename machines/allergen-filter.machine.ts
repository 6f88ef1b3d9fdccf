import { setup, assign, assertEvent } from 'xstate';
import { inputOf } from './flow.ts';
import { ALLERGENS, type AllergenCode } from '../contracts/allergens.ts';
import { toggleCode } from './allergen-rules.ts';

/**
 * The menu's allergen filter (issue 29; docs/order-status.md 2.7): 'Allergens' opens a dialog with a draft copy of
 * the chosen codes; toggling changes the draft, Clear all empties it, Apply makes it the filter and remembers it in
 * this browser (`persist`, provided by the route: localStorage ALLERGEN_FILTER_KEY); closing drops the draft. The
 * notice's 'Show all' clears the filter from the closed state. The menu views hide a tile when
 * `hiddenBy(tile.allergens, selected)` is not empty (allergen-rules.ts).
 */
export interface AllergenFilterInput {
  /** the remembered filter (the route reads it and drops unknown codes: parseStoredFilter) */
  stored: AllergenCode[];
}
export interface AllergenFilterContext {
  selected: AllergenCode[];
  draft: AllergenCode[];
}
export type AllergenFilterEvent =
  | { type: 'user.open' }
  | { type: 'user.toggle'; code: AllergenCode }
  | { type: 'user.clearAll' }
  | { type: 'user.apply' }
  | { type: 'user.close' };

export const allergenFilterMachine = setup({
  types: { context: {} as AllergenFilterContext, events: {} as AllergenFilterEvent, input: {} as AllergenFilterInput },
  guards: {
    isKnownCode: ({ event }) => {
      assertEvent(event, 'user.toggle');
      return (ALLERGENS as readonly string[]).includes(event.code);
    },
  },
  actions: {
    /** provided by the route: writes context.selected to localStorage (remembered per browser) */
    persist: () => {},
    applyInput: assign(({ event }) => {
      const stored = inputOf<AllergenFilterInput>(event, { stored: [] }).stored.filter((c) => (ALLERGENS as readonly string[]).includes(c));
      return { selected: stored, draft: stored };
    }),
    copySelectedToDraft: assign(({ context }) => ({ draft: [...context.selected] })),
    toggleDraft: assign(({ context, event }) => {
      assertEvent(event, 'user.toggle');
      return { draft: toggleCode(context.draft, event.code) };
    }),
    clearDraft: assign({ draft: [] }),
    clearSelected: assign({ selected: [], draft: [] }),
    applyDraft: assign(({ context }) => ({ selected: [...context.draft] })),
  },
}).createMachine({
  id: 'allergenFilter',
  description: "The menu's allergen filter: a draft in the dialog, applied and remembered on Apply.",
  meta: { title: 'Allergen filter', spec: 'issue 29 Allergens; docs/order-status.md 2.7' },
  entry: 'applyInput',
  context: { selected: [], draft: [] },
  initial: 'closed',
  states: {
    closed: {
      description: "The button says 'Allergens' or 'Allergens (n)'; hidden items are counted in a notice with 'Show all'.",
      on: {
        'user.open': { target: 'open', actions: 'copySelectedToDraft' },
        'user.clearAll': { actions: ['clearSelected', 'persist'] },
      },
    },
    open: {
      description: "The dialog 'Hide items containing': the nine allergens as switches; Apply, Clear all, close.",
      on: {
        'user.toggle': { guard: 'isKnownCode', actions: 'toggleDraft' },
        'user.clearAll': { actions: 'clearDraft' },
        'user.apply': { target: 'closed', actions: ['applyDraft', 'persist'] },
        'user.close': { target: 'closed' },
      },
    },
  },
});
