/**
 * Notifications (the app shell's toasts and persistent notifications, used by every flow): toasts queue and show
 * one at a time until they time out or are dismissed; persistent ones stay until dismissed. The per-step oracle is
 * a reference queue kept by the test, not the machine's context.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { notificationsMachine } from '../notifications.machine.ts';
import type { Flow } from './flow.ts';
import { CLOCK_ADVANCE } from './model.ts';

const events = [
  { type: 'notify.show', kind: 'toast', tone: 'success', message: 'Card added' },
  { type: 'notify.show', kind: 'persistent', tone: 'error', title: 'Sign in unsuccessful.', message: 'Sorry, we were unable to log you in. Please try again.' },
  { type: 'user.dismiss', id: 'n1' },
  { type: 'user.dismiss', id: 'n2' },
  { type: 'user.dismissAll' },
  { type: 'xstate.after.toastTimeout.notifications.showingToast' },
] as const;

export const notificationsFlow: Flow<typeof notificationsMachine> = {
  machine: notificationsMachine,
  table: {
    '(root)': { 'user.dismissAll': 'idle' },
    idle: { 'notify.show': [{ guard: 'isToast', to: 'showingToast' }, null], 'user.dismiss': null },
    showingToast: {
      'notify.show': [{ guard: 'isToast' }, null],
      'user.dismiss': [{ guard: 'dismissesCurrentToast', to: 'showingToast' }, null],
      'after toastTimeout': [{ guard: 'hasMoreToasts', to: 'showingToast' }, 'idle'],
      always: { guard: 'noToasts', to: 'idle' },
    },
  },
  // toasts one at a time until they time out or are dismissed; persistent ones are no toast
  journeys: [
    { name: 'a toast times out', events: [events[0], events[5]], ends: 'idle' },
    { name: 'two toasts: the second shows when the first times out', events: [events[0], events[0], events[5]], ends: 'showingToast' },
    { name: 'two toasts, both time out', events: [events[0], events[0], events[5], events[5]], ends: 'idle' },
    { name: 'a persistent notification is no toast', events: [events[1]], ends: 'idle' },
    { name: 'the toast is dismissed', events: [events[0], events[2]], ends: 'idle' },
    { name: 'the first of two toasts is dismissed: the next shows', events: [events[0], events[0], events[2]], ends: 'showingToast' },
    { name: 'a toast and a persistent one, all dismissed', events: [events[0], events[1], events[4]], ends: 'idle' },
    { name: 'a persistent one while a toast shows', events: [events[0], events[1]], ends: 'showingToast' },
    { name: 'a persistent one is dismissed', events: [events[1], events[2]], ends: 'idle' },
    { name: 'a persistent one is dismissed while a toast shows', events: [events[0], events[1], events[3]], ends: 'showingToast' },
    // each toast shows for the whole toast time: dismissing the current one starts the next one's time afresh
    { name: 'the first of two toasts is dismissed after a while: the next shows for the whole time', events: [events[0], events[0], { type: CLOCK_ADVANCE, ms: 1000 }, events[2], events[5]], ends: 'idle' },
  ],
  // the spec fixes no toast time: the machine's own, so that the journey above checks only when the time restarts
  journeyDelays: { toastTimeout: 'own' },
  sees: {},
  arrange(machine) {
    let toasts: string[] = [];
    let persistent: string[] = [];
    let next = 1;
    const apply = (e: AnyEventObject) => {
      if (e.type === 'notify.show') (e.kind === 'toast' ? toasts : persistent).push(`n${next++}`);
      if (e.type === 'user.dismiss') [toasts, persistent] = [toasts.filter((t) => t !== e.id), persistent.filter((p) => p !== e.id)];
      if (e.type === 'user.dismissAll') [toasts, persistent] = [[], []];
      if (e.type.startsWith('xstate.after.toastTimeout')) toasts = toasts.slice(1);
    };
    return {
      machine,
      runs: [
        {
          name: '',
          options: {
            events,
            // abstract the context: how many toasts (0, 1, 2+) and whether persistent ones exist, and which ids exist
            serializeState: (s) => JSON.stringify({ v: s.value, t: s.context.toasts.map((t) => t.id).slice(0, 2), p: s.context.persistent.map((p) => p.id).slice(0, 1), n: Math.min(s.context.nextId, 4) }),
            stopWhen: (s) => s.context.nextId > 3,
          },
        },
      ],
      beforePath: () => void ((toasts = []), (persistent = []), (next = 1)),
      onStep(s, event) {
        apply(event);
        // a toast is on screen exactly in showingToast, the first queued one; persistent ones stay until dismissed
        expect(s.matches('showingToast')).toBe(toasts.length > 0);
        expect({ toasts: s.context.toasts.map((t) => t.id), persistent: s.context.persistent.map((p) => p.id), next: s.context.nextId }).toEqual({ toasts, persistent, next });
        const shown = [...s.context.toasts, ...s.context.persistent].find((n) => n.id === 'n1' || n.id === 'n2');
        if (shown && 'title' in shown && shown.title) expect([shown.title, shown.message]).toEqual(['Sign in unsuccessful.', 'Sorry, we were unable to log you in. Please try again.']);
      },
    };
  },
};
