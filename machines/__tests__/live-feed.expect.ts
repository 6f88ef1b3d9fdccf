/**
 * The live feed (docs/order-status.md 2.1; section 0: heartbeat 15 s, silence 35 s, reconnect 1 000 · 2^(n−1) up to
 * 30 000 × jitter, 3 failed connects → polling every 15 s, every 4th poll tries the stream; 3.7 the order's stream
 * and poll paths; 404 → gone, not retried). Texts: 'Reconnecting…', 'Live updates paused. Checking every 15
 * seconds.', "You're offline. We'll update when you're back.".
 */
import { expect } from 'vitest';
import { liveFeedMachine, pollRequest, streamRequest, type LiveFeedContext } from '../live-feed.machine.ts';
import { OrderStatusMessages } from '../../contracts/order-status-messages.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow, type Journey } from './flow.ts';

const ORDER = 'ord_abcdefghij12';
const URL = `/ordering/orders/${ORDER}/events`;
const TOKEN = 'ot_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const statusEvent = { id: 12, kind: 'status', orderId: ORDER, status: 'preparing', at: '2026-11-28T16:02:00.000Z', readyEstimateAt: '2026-11-28T16:06:00.000Z' };
const polledEvent = { id: 13, kind: 'status', orderId: ORDER, status: 'ready', at: '2026-11-28T16:05:00.000Z', readyEstimateAt: null };

export const feedEvents = {
  open: { type: 'stream.open' },
  event: { type: 'stream.event', event: statusEvent },
  heartbeat: { type: 'stream.heartbeat' },
  reset: { type: 'stream.reset', lastEventId: 300 },
  closed: { type: 'stream.closed' },
  connectTimeout: { type: 'xstate.after.connectTimeout.liveFeed.streaming.connecting' },
  silence: { type: 'xstate.after.silence.liveFeed.streaming.open' },
  backoff: { type: 'xstate.after.reconnectDelay.liveFeed.waiting' },
  pollInterval: { type: 'xstate.after.pollInterval.liveFeed.pollWait' },
  notFound: fail('openStream', apiError(404, 'ORDER_NOT_FOUND', 'Order not found.')),
  unsupported: fail('openStream', apiError(0, 'STREAM_UNSUPPORTED', 'x')),
  streamDown: fail('openStream', apiError(503, 'STREAMS_FULL', 'x')),
  polled: done('pollEvents', { events: [polledEvent], lastEventId: 13, reset: false }),
  pollReset: done('pollEvents', { events: [], lastEventId: 400, reset: true }),
  pollGone: fail('pollEvents', apiError(404, 'ORDER_NOT_FOUND', 'Order not found.')),
  pollDown: fail('pollEvents', serverDown),
  offline: { type: 'browser.offline' },
  online: { type: 'browser.online' },
} as const;
const E = feedEvents;

type Snap = { value: unknown; context: LiveFeedContext };
// failures only matter up to the cap (the guard compares with 3); the attempt (the backoff's n, timed in the paths
// file) and the last id (asserted per step) are left out of the model's states
const serializeState = (s: Snap) => JSON.stringify([s.value, Math.min(s.context.failures, 3), s.context.polls]);

const journeys: Journey[] = [
  { name: 'open → event → heartbeat → silence → reconnect → open again', events: [E.open, E.event, E.heartbeat, E.silence, E.backoff, E.open], ends: 'streaming.open' },
  { name: 'three failed connects → polling → events by poll → the 4th poll tries the stream', events: [E.streamDown, E.backoff, E.streamDown, E.backoff, E.streamDown, E.backoff, E.polled, E.pollInterval, E.polled, E.pollInterval, E.polled, E.pollInterval, E.polled, E.pollInterval], ends: 'streaming.connecting' },
  { name: 'only three polls: still polling', events: [E.connectTimeout, E.backoff, E.closed, E.backoff, E.streamDown, E.backoff, E.polled, E.pollInterval, E.polled, E.pollInterval, E.polled, E.pollInterval], ends: 'polling' },
  { name: 'two failed connects, then it opens: the failures start again', events: [E.streamDown, E.backoff, E.streamDown, E.backoff, E.open, E.closed, E.backoff], ends: 'streaming.connecting' },
  { name: 'a dropped stream reconnects', events: [E.open, E.closed, E.backoff], ends: 'streaming.connecting' },
  { name: 'no answer to the connect: waiting', events: [E.connectTimeout], ends: 'waiting' },
  { name: '404: gone, not retried', events: [E.notFound], ends: 'gone' },
  { name: '404 while polling: gone', events: [E.unsupported, E.pollGone], ends: 'gone' },
  { name: 'a poll fails: wait and poll again', events: [E.unsupported, E.pollDown, E.pollInterval], ends: 'polling' },
  { name: 'no stream reader: polling at once', events: [E.unsupported], ends: 'polling' },
  { name: 'reset from the stream', events: [E.open, E.reset, E.event], ends: 'streaming.open' },
  { name: 'reset from a poll', events: [E.unsupported, E.pollReset], ends: 'pollWait' },
  { name: 'offline → online streams again', events: [E.open, E.offline, E.online, E.open], ends: 'streaming.open' },
  { name: 'offline while polling', events: [E.unsupported, E.offline], ends: 'offline' },
  { name: 'silence past 35 s: a drop', events: [E.open, E.silence], ends: 'waiting' },
  { name: 'each heartbeat restarts the silence timer', events: [E.open, { type: 'clock.advance', ms: 34_000 }, E.heartbeat, { type: 'clock.advance', ms: 34_000 }, E.event, { type: 'clock.advance', ms: 34_000 }], ends: 'streaming.open' },
  { name: 'a silence counts as a failure: two more failed connects → polling', events: [E.open, E.silence, E.backoff, E.streamDown, E.backoff, E.streamDown, E.backoff], ends: 'polling' },
  { name: 'the stream tried after 4 polls fails: polls count again from 0', events: [E.streamDown, E.backoff, E.streamDown, E.backoff, E.streamDown, E.backoff, E.polled, E.pollInterval, E.polled, E.pollInterval, E.polled, E.pollInterval, E.polled, E.pollInterval, E.streamDown, E.backoff, E.polled, E.pollInterval], ends: 'polling' },
  { name: 'back online: the failures start again', events: [E.streamDown, E.backoff, E.streamDown, E.backoff, E.streamDown, E.backoff, E.offline, E.online, E.streamDown, E.backoff], ends: 'streaming.connecting' },
];

export const liveFeedFlow: Flow<typeof liveFeedMachine> = {
  machine: liveFeedMachine,
  table: {
    '(root)': { 'browser.offline': 'offline' },
    streaming: {
      'xstate.error.actor.openStream': [{ guard: 'isGone', to: 'gone' }, { guard: 'isUnsupported', to: 'polling' }, 'waiting'],
      'stream.closed': 'waiting',
    },
    'streaming.connecting': { 'stream.open': 'streaming.open', 'after connectTimeout': 'waiting' },
    'streaming.open': { 'stream.event': 'streaming.open', 'stream.heartbeat': 'streaming.open', 'stream.reset': 'streaming.open', 'after silence': 'waiting' },
    waiting: { 'after reconnectDelay': [{ guard: 'tooManyFailures', to: 'polling' }, 'streaming'] },
    polling: {
      'xstate.done.actor.pollEvents': [{ guard: 'isReset', to: 'pollWait' }, 'pollWait'],
      'xstate.error.actor.pollEvents': [{ guard: 'isGone', to: 'gone' }, 'pollWait'],
    },
    pollWait: { 'after pollInterval': [{ guard: 'isTimeToTryStream', to: 'streaming' }, 'polling'] },
    offline: { 'browser.online': 'streaming' },
  },
  sees: {
    'streaming.connecting': { tags: ['connecting'] },
    'streaming.open': { tags: ['live'] },
    waiting: { tags: ['reconnecting'], message: 'Reconnecting…' },
    polling: { tags: ['polling'], message: 'Live updates paused. Checking every 15 seconds.' },
    pollWait: { tags: ['polling'], message: 'Live updates paused. Checking every 15 seconds.' },
    offline: { tags: ['offline'], message: "You're offline. We'll update when you're back." },
  },
  // events from the stream go to the parent one by one (a poll's answer and resets are checked per step below)
  effects: { 'stream.event -> streaming.open': ['forwardEvent'] },
  // section 0: connect timeout 10 s; the input's silence (2 × 15 s + 5 s) and poll interval (15 s); the backoff is
  // computed per attempt and asserted on a hand-driven clock in live-feed.paths.test.ts
  delays: { connectTimeout: 10_000, silence: 35_000, pollInterval: 15_000 },
  journeys,
  catalogue: OrderStatusMessages,
  arrange(machine) {
    const fakes = requestFakes({ openStream: streamRequest, pollEvents: pollRequest });
    const spy = spyActions(['forwardEvent'] as const);
    const polled = spyActions(['forwardEvents', 'forwardReset'] as const);
    let prev = 10;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: { ...spy.actions, ...polled.actions } }),
      runs: [
        {
          name: 'guest order',
          options: {
            events: Object.values(feedEvents) as never,
            input: { kind: 'order', key: ORDER, orderToken: TOKEN, lastEventId: 10, config: { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 3, pollMs: 15000, silenceMs: 35000 }, jitter: 1 } as never,
            serializeState: serializeState as never,
            // `gone` is final: the root's browser.offline is not taken there (the actor is done)
            stopWhen: ((s: Snap & { status: string }) => s.status === 'done') as never,
          },
        },
      ],
      spy,
      beforePath: () => polled.clear(),
      onStep(s, event) {
        const c = s.context;
        const forwarded = polled.step().map((e) => e.name);
        // the stream and the poll resume after the highest id seen, with the guest's token
        if (s.matches({ streaming: 'connecting' }) && event.type !== 'xstate.error.actor.pollEvents') expect(fakes.last('openStream')).toEqual({ url: URL, lastEventId: c.lastEventId, orderToken: TOKEN });
        if (s.matches('polling')) expect(fakes.last('pollEvents')).toEqual({ url: URL, after: c.lastEventId, orderToken: TOKEN });
        if (event.type === 'xstate.init') expect([c.lastEventId, c.failures, c.polls, c.attempt]).toEqual([10, 0, 0, 0]);
        // the last id: the highest seen (12 from the stream, 13 from a poll, 300/400 from a reset), else unchanged
        const want = event.type === 'xstate.init' ? 10 : event.type === 'stream.event' ? Math.max(12, prev) : event.type === 'stream.reset' ? Math.max(300, prev) : event.type === 'xstate.done.actor.pollEvents' ? Math.max((event as unknown as { output: { lastEventId: number } }).output.lastEventId, prev) : prev;
        expect(c.lastEventId, 'lastEventId').toBe(want);
        prev = c.lastEventId;
        if (event.type === 'stream.open') expect([c.failures, c.attempt]).toEqual([0, 0]);
        // a poll's events go to the parent; a reset (too far behind) goes as one feed.reset
        if (event.type === 'xstate.done.actor.pollEvents') {
          const reset = (event as unknown as { output: { reset: boolean } }).output.reset;
          expect(forwarded).toEqual(reset ? ['forwardReset'] : ['forwardEvents']);
        } else if (event.type === 'stream.reset') expect(forwarded).toEqual(['forwardReset']);
        else expect(forwarded).toEqual([]);
        if (s.matches('waiting')) expect(c.attempt).toBeGreaterThan(0);
        expect(s.status).toBe(s.matches('gone') ? 'done' : 'active');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
      },
    };
  },
};
