/**
 * The ready notice (docs/order-status.md 2.3): asked only on the button's click, never on load; granted → armed,
 * then one notification 'Your order is ready' when the order becomes ready; denied or unsupported → a note.
 */
import { expect } from 'vitest';
import { readyNoticeMachine } from '../ready-notice.machine.ts';
import { OrderStatusMessages } from '../../contracts/order-status-messages.ts';
import { requestFakes } from './model.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow, type Journey } from './flow.ts';

export const noticeEvents = {
  enable: { type: 'user.enable' },
  granted: done('requestPermission', 'granted'),
  denied: done('requestPermission', 'denied'),
  dismissed: done('requestPermission', 'default'),
  broken: fail('requestPermission', new TypeError('Notification.requestPermission is not a function')),
  ready: { type: 'order.ready', orderId: 'ord_abcdefghij12', storeName: 'Pike Place' },
} as const;
const E = noticeEvents;

const journeys: Journey[] = [
  { name: 'asked on the click, granted, notified once when ready', run: 'default', events: [E.enable, E.granted, E.ready], ends: 'notified' },
  { name: 'never asked on load: offering', run: 'default', events: [], ends: 'offering' },
  { name: 'ready before the customer asked: nothing shown', run: 'default', events: [E.ready], ends: 'offering' },
  { name: 'denied at the prompt', run: 'default', events: [E.enable, E.denied], ends: 'denied' },
  { name: 'prompt dismissed: offered again', run: 'default', events: [E.enable, E.dismissed], ends: 'offering' },
  { name: 'offered again after a dismissal: asked again on the next click', run: 'default', events: [E.enable, E.dismissed, E.enable], ends: 'asking' },
  { name: 'the prompt throws: unsupported', run: 'default', events: [E.enable, E.broken], ends: 'unsupported' },
  { name: 'granted before: armed at once', run: 'granted', events: [E.ready], ends: 'notified' },
  { name: 'denied before: the note', run: 'denied', events: [E.enable], ends: 'denied' },
  { name: 'no Notifications API', run: 'unsupported', events: [E.enable], ends: 'unsupported' },
];

export const readyNoticeFlow: Flow<typeof readyNoticeMachine> = {
  machine: readyNoticeMachine,
  table: {
    starting: { always: [{ guard: 'isUnsupported', to: 'unsupported' }, { guard: 'isGranted', to: 'armed' }, { guard: 'isDenied', to: 'denied' }, 'offering'] },
    offering: { 'user.enable': 'asking' },
    asking: {
      'xstate.done.actor.requestPermission': [{ guard: 'isGrantedAnswer', to: 'armed' }, { guard: 'isDeniedAnswer', to: 'denied' }, 'offering'],
      'xstate.error.actor.requestPermission': 'unsupported',
    },
    armed: { 'order.ready': 'notified' },
  },
  sees: {
    offering: { message: "Notify me when it's ready" },
    asking: { tags: ['loading'] },
    armed: { message: "We'll let you know when it's ready." },
    denied: { message: 'Notifications are off for this site. Keep this page open to see updates.' },
    unsupported: { message: 'Keep this page open to see updates.' },
  },
  effects: { 'order.ready -> notified': ['showNotification:noticeTitle/noticeBody'] },
  journeys,
  catalogue: OrderStatusMessages,
  arrange(machine) {
    const fakes = requestFakes({ requestPermission: [] });
    const spy = spyActions(['showNotification'] as const);
    const run = (support: string) => ({ name: support, options: { events: Object.values(noticeEvents) as never, input: { support } as never } });
    let asked = 0;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      runs: [run('default'), run('granted'), run('denied'), run('unsupported')],
      spy,
      beforePath: () => void (asked = fakes.made.length),
      onStep(s, event, r) {
        // the permission is asked only after the click (never on load), once per click
        const prompts = fakes.made.length - asked;
        if (event.type === 'xstate.init') expect(prompts).toBe(0);
        if (event.type === 'user.enable' && s.matches('asking')) expect(prompts).toBeGreaterThan(0);
        if (event.type === 'xstate.init') expect(s.value).toBe({ default: 'offering', granted: 'armed', denied: 'denied', unsupported: 'unsupported' }[r]);
        if (s.matches('notified')) expect(OrderStatusMessages.noticeTitle).toBe('Your order is ready');
      },
      afterAll() {
        // the prompt takes no input
        expect(fakes.made.every((m) => m.src === 'requestPermission')).toBe(true);
      },
    };
  },
};
