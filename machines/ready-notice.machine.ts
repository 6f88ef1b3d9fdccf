import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { inputOf, notProvided } from './flow.ts';

/**
 * The browser notification when the order is ready (docs/order-status.md 2.3; issue 29 "the Notifications API,
 * asked only after the order is placed, never on page load"). The route reads `Notification.permission` without
 * asking; permission is asked only on a click of 'Notify me when it's ready' on the tracker (a user gesture after
 * the order exists). The tracker sends `order.ready` when its order becomes ready.
 */
export type NoticeSupport = 'unsupported' | 'default' | 'granted' | 'denied';
export interface ReadyNoticeInput {
  support: NoticeSupport;
}
export type ReadyNoticeEvent =
  | { type: 'user.enable' }
  | { type: 'order.ready'; orderId: string; storeName: string }
  | DoneActorEvent<NotificationPermission, 'requestPermission'>
  | ErrorActorEvent<unknown, 'requestPermission'>;

export const readyNoticeMachine = setup({
  types: { context: {} as ReadyNoticeInput, events: {} as ReadyNoticeEvent, input: {} as ReadyNoticeInput },
  actors: { requestPermission: fromPromise<NotificationPermission, void>(async () => notProvided('requestPermission')) },
  guards: {
    isUnsupported: ({ context }) => context.support === 'unsupported',
    isGranted: ({ context }) => context.support === 'granted',
    isDenied: ({ context }) => context.support === 'denied',
    isGrantedAnswer: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.requestPermission');
      return event.output === 'granted';
    },
    isDeniedAnswer: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.requestPermission');
      return event.output === 'denied';
    },
  },
  actions: {
    applyInput: assign(({ event }) => ({ support: inputOf<ReadyNoticeInput>(event, { support: 'unsupported' }).support })),
    /**
     * provided by the route: `new Notification('Your order is ready', { body: '{store}: pick it up when you're
     * ready.', tag: orderId })` (the tag: a second tab does not repeat it)
     */
    showNotification: (_, _params: { title: 'noticeTitle'; body: 'noticeBody' }) => {},
  },
}).createMachine({
  id: 'readyNotice',
  description: "Offer a browser notification for when the order is ready; ask only when the customer clicks.",
  meta: { title: 'Ready notice (on /menu/order/{orderId})', spec: 'docs/order-status.md 2.3' },
  context: { support: 'unsupported' },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isUnsupported', target: 'unsupported' }, { guard: 'isGranted', target: 'armed' }, { guard: 'isDenied', target: 'denied' }, { target: 'offering' }],
    },
    offering: { description: "The button 'Notify me when it's ready'.", meta: { message: 'notifyMe' }, on: { 'user.enable': { target: 'asking' } } },
    asking: {
      tags: ['loading'],
      description: "The browser's permission prompt.",
      invoke: {
        id: 'requestPermission',
        src: 'requestPermission',
        onDone: [{ guard: 'isGrantedAnswer', target: 'armed' }, { guard: 'isDeniedAnswer', target: 'denied' }, { target: 'offering' }],
        onError: { target: 'unsupported' },
      },
    },
    armed: { meta: { message: 'noticeArmed' }, on: { 'order.ready': { target: 'notified', actions: { type: 'showNotification', params: { title: 'noticeTitle', body: 'noticeBody' } } } } },
    notified: { type: 'final' },
    denied: { meta: { message: 'noticeDenied' } },
    unsupported: { meta: { message: 'noticeUnsupported' } },
  },
});
