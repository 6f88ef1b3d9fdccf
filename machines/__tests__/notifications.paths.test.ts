import { describe, expect, it } from 'vitest';
import { notificationsMachine } from '../notifications.machine.ts';
import { exercise, printCoverage, describePath } from './model.ts';

const events = [
  { type: 'notify.show', kind: 'toast', tone: 'success', message: 'Card added' },
  { type: 'notify.show', kind: 'persistent', tone: 'error', title: 'Sign in unsuccessful.', message: 'Sorry, we were unable to log you in. Please try again.' },
  { type: 'user.dismiss', id: 'n1' },
  { type: 'user.dismiss', id: 'n2' },
  { type: 'user.dismissAll' },
  { type: 'xstate.after.toastTimeout.notifications.showingToast' },
] as const;

describe('notifications machine (model-based)', () => {
  const { paths, coverage } = exercise(
    notificationsMachine,
    {
      events,
      // abstract the context: how many toasts (0, 1, 2+) and whether persistent ones exist, and which ids exist
      serializeState: (s) =>
        JSON.stringify({
          v: s.value,
          t: s.context.toasts.map((t) => t.id).slice(0, 2),
          p: s.context.persistent.map((p) => p.id).slice(0, 1),
          n: Math.min(s.context.nextId, 4),
        }),
      stopWhen: (s) => s.context.nextId > 3,
    },
    (path, final) => {
      // invariants on every path's end: a toast is on screen exactly in showingToast
      expect(final.matches('showingToast')).toBe(final.context.toasts.length > 0);
      if (process.env.DEBUG_PATHS) console.log(describePath(path));
    },
  );
  printCoverage('notifications', coverage);

  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
