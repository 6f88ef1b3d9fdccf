/** Cookie preferences (issue 11): open, save (stored; a recorded opt-out keeps advertising off) or close without saving. */
import { expect } from 'vitest';
import { cookiePreferencesMachine } from '../cookie-preferences.machine.ts';
import { spyActions, type Flow } from './flow.ts';

export const cookiePreferencesEvents = [
  { type: 'user.open', optedOut: false },
  { type: 'user.open', optedOut: true },
  { type: 'user.save', analytics: true, advertising: true },
  { type: 'user.save', analytics: false, advertising: false },
  { type: 'user.close' },
] as const;

export const cookiePreferencesFlow: Flow<typeof cookiePreferencesMachine> = {
  machine: cookiePreferencesMachine,
  table: {
    closed: { 'user.open': 'open' },
    open: { 'user.save': 'closed', 'user.close': 'closed' },
  },
  // the cookie dialog opens, saves (persisted) or closes (nothing saved)
  journeys: [
    { name: 'open and save', run: 'no choice yet', events: [cookiePreferencesEvents[0], cookiePreferencesEvents[2]], ends: 'closed' },
    { name: 'open and refuse all', run: 'no choice yet', events: [cookiePreferencesEvents[0], cookiePreferencesEvents[3]], ends: 'closed' },
    { name: 'open and close', run: 'advertising chosen, then opted out', events: [cookiePreferencesEvents[1], cookiePreferencesEvents[4]], ends: 'closed' },
    { name: 'opened', run: 'advertising chosen, then opted out', events: [cookiePreferencesEvents[1]], ends: 'open' },
  ],
  sees: {},
  effects: { 'user.save -> closed': ['persist'] },
  arrange(machine) {
    const spy = spyActions(['persist'] as const);
    let before: { analytics: boolean; advertising: boolean } | null = null;
    return {
      machine: machine.provide({ actions: spy.actions }),
      spy,
      beforePath: () => void (before = null),
      runs: [
        { name: 'no choice yet', options: { events: cookiePreferencesEvents as never, input: { choices: null, optedOut: false } } },
        { name: 'advertising chosen, then opted out', options: { events: cookiePreferencesEvents as never, input: { choices: { analytics: true, advertising: true }, optedOut: true } } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        if (event.type === 'xstate.init') {
          // nothing chosen: analytics and advertising are off; an opt-out turns a chosen advertising off
          expect(c.choices).toEqual(run === 'no choice yet' ? { analytics: false, advertising: false } : { analytics: true, advertising: false });
          expect(c.chosen).toBe(run !== 'no choice yet');
        }
        if (event.type === 'user.open') {
          expect(c.optedOut).toBe((event as unknown as { optedOut: boolean }).optedOut);
          if (c.optedOut) expect(c.choices.advertising).toBe(false);
        }
        if (event.type === 'user.save') {
          const e = event as unknown as { analytics: boolean; advertising: boolean };
          expect(c.choices).toEqual({ analytics: e.analytics, advertising: e.advertising && !c.optedOut });
          expect(c.chosen).toBe(true);
        }
        if (event.type === 'user.close') expect(c.choices).toEqual(before);
        if (s.matches('open')) before = { ...c.choices };
      },
    };
  },
};
