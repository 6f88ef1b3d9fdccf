import { setup, assign, assertEvent } from 'xstate';

/**
 * App-wide notifications: short-lived toasts (one shown at a time, queued, each for `toastTimeout`)
 * and persistent notifications that stay until the user dismisses them (e.g. 'Sign in unsuccessful.').
 * Started once at the root; any flow sends `notify.show`.
 */
export type NotificationTone = 'info' | 'success' | 'error';
export interface Notification {
  id: string;
  tone: NotificationTone;
  title?: string;
  message: string;
  /** optional action link shown with the message */
  action?: { label: string; href: string };
}

export interface NotificationsContext {
  toasts: Notification[];
  persistent: Notification[];
  nextId: number;
}

export type NotificationsEvent =
  | { type: 'notify.show'; kind: 'toast' | 'persistent'; tone: NotificationTone; message: string; title?: string; action?: { label: string; href: string } }
  | { type: 'user.dismiss'; id: string }
  | { type: 'user.dismissAll' };

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  delays: {
    toastTimeout: 4000,
  },
  guards: {
    isToast: ({ event }) => {
      assertEvent(event, 'notify.show');
      return event.kind === 'toast';
    },
    hasMoreToasts: ({ context }) => context.toasts.length > 1,
    noToasts: ({ context }) => context.toasts.length === 0,
    dismissesCurrentToast: ({ context, event }) => {
      assertEvent(event, 'user.dismiss');
      return context.toasts[0]?.id === event.id;
    },
  },
  actions: {
    enqueueToast: assign(({ context, event }) => {
      assertEvent(event, 'notify.show');
      const { type: _type, kind: _kind, ...rest } = event;
      return { toasts: [...context.toasts, { ...rest, id: `n${context.nextId}` }], nextId: context.nextId + 1 };
    }),
    addPersistent: assign(({ context, event }) => {
      assertEvent(event, 'notify.show');
      const { type: _type, kind: _kind, ...rest } = event;
      return { persistent: [...context.persistent, { ...rest, id: `n${context.nextId}` }], nextId: context.nextId + 1 };
    }),
    dropCurrentToast: assign(({ context }) => ({ toasts: context.toasts.slice(1) })),
    dismissById: assign(({ context, event }) => {
      assertEvent(event, 'user.dismiss');
      return { toasts: context.toasts.filter((t) => t.id !== event.id), persistent: context.persistent.filter((p) => p.id !== event.id) };
    }),
    dismissAll: assign({ toasts: [], persistent: [] }),
  },
}).createMachine({
  id: 'notifications',
  description: 'Toasts and persistent notifications shown app-wide.',
  meta: { title: 'Notifications', spec: 'App shell (issue 2); used by every flow' },
  context: { toasts: [], persistent: [], nextId: 1 },
  initial: 'idle',
  on: {
    'user.dismissAll': { target: '.idle', actions: 'dismissAll' },
  },
  states: {
    idle: {
      description: 'No toast on screen (persistent notifications may be).',
      on: {
        'notify.show': [
          { guard: 'isToast', target: 'showingToast', actions: 'enqueueToast' },
          { actions: 'addPersistent' },
        ],
        'user.dismiss': { actions: 'dismissById' },
      },
    },
    showingToast: {
      description: 'The first queued toast is on screen until it times out or is dismissed.',
      after: {
        toastTimeout: [
          { guard: 'hasMoreToasts', target: 'showingToast', reenter: true, actions: 'dropCurrentToast' },
          { target: 'idle', actions: 'dropCurrentToast' },
        ],
      },
      on: {
        'notify.show': [{ guard: 'isToast', actions: 'enqueueToast' }, { actions: 'addPersistent' }],
        'user.dismiss': [
          { guard: 'dismissesCurrentToast', target: 'showingToast', reenter: true, actions: 'dismissById' },
          { actions: 'dismissById' },
        ],
      },
      always: { guard: 'noToasts', target: 'idle' },
    },
  },
});
