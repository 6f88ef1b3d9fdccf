import { setup, assign, assertEvent } from 'xstate';
import { inputOf } from './flow.ts';

/**
 * Cookie preferences (issue 11; docs/consent.md): a dialog with three categories. Necessary cookies are always on;
 * analytics and advertising are off until chosen. A recorded privacy opt-out ("Do Not Sell or Share") keeps
 * advertising off whatever is chosen. Saving stores the choice (the `persist` action writes the cookie).
 */
export interface CookieChoices {
  analytics: boolean;
  advertising: boolean;
}
export interface CookiePreferencesInput {
  /** the stored choice, or null when none was made yet */
  choices: CookieChoices | null;
  /** a privacy opt-out is recorded for this browser */
  optedOut: boolean;
}
export interface CookiePreferencesContext {
  choices: CookieChoices;
  chosen: boolean;
  optedOut: boolean;
}
export type CookiePreferencesEvent = { type: 'user.open'; optedOut: boolean } | { type: 'user.save'; analytics: boolean; advertising: boolean } | { type: 'user.close' };

export const NO_CHOICE: CookieChoices = { analytics: false, advertising: false };

export const cookiePreferencesMachine = setup({
  types: { context: {} as CookiePreferencesContext, events: {} as CookiePreferencesEvent, input: {} as Partial<CookiePreferencesInput> },
  actions: {
    applyInput: assign(({ event }) => {
      const i = inputOf<CookiePreferencesInput>(event, { choices: null, optedOut: false });
      const choices = i.choices ?? NO_CHOICE;
      return { choices: { analytics: choices.analytics, advertising: choices.advertising && !i.optedOut }, chosen: !!i.choices, optedOut: i.optedOut };
    }),
    assignOptOut: assign(({ context, event }) => {
      assertEvent(event, 'user.open');
      return { optedOut: event.optedOut, choices: { ...context.choices, advertising: context.choices.advertising && !event.optedOut } };
    }),
    /** a recorded opt-out turns advertising off */
    assignChoices: assign(({ context, event }) => {
      assertEvent(event, 'user.save');
      return { choices: { analytics: event.analytics, advertising: event.advertising && !context.optedOut }, chosen: true };
    }),
    persist: () => {},
  },
}).createMachine({
  id: 'cookiePreferences',
  description: 'The cookie-preferences dialog: necessary, analytics and advertising.',
  meta: { title: 'Cookie preferences', spec: "2 §2 /personal-information 'Manage cookie preferences'; issue 11 cookie dialog" },
  context: { choices: NO_CHOICE, chosen: false, optedOut: false },
  entry: 'applyInput',
  initial: 'closed',
  states: {
    closed: { description: 'No dialog; the stored choice applies.', on: { 'user.open': { target: 'open', actions: 'assignOptOut' } } },
    open: {
      description: 'The dialog: focus is inside, Escape closes it without saving.',
      on: {
        'user.save': { target: 'closed', actions: ['assignChoices', 'persist'] },
        'user.close': { target: 'closed' },
      },
    },
  },
});
