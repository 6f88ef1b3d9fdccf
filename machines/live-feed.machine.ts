import { setup, assign, assertEvent, fromPromise, fromEventObservable, sendParent, enqueueActions, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { FEED_CONNECT_TIMEOUT_MS, FEED_MAX_FAILURES, FEED_POLL_MS, FEED_POLLS_PER_STREAM_TRY, FEED_RECONNECT_BASE_MS, FEED_RECONNECT_MAX_MS, FEED_SILENCE_MS, reconnectDelay } from './feed-backoff.ts';

/**
 * The live feed (docs/order-status.md 2.1): one Server-Sent Events stream of a scope (an order's tracker, a store's
 * console, a store's stock), reconnected with backoff after a drop or a silence, resumed with the last event id, and
 * replaced by polling after `maxFailures` failed connects (every 4th poll tries the stream again). A shared child:
 * the tracker (and the console and the menu's stock) invoke it; it streams what it receives to its parent with
 * `sendParent` (`feed.event`, `feed.reset`), the first child of this app that does (docs/machines.md "A child that
 * streams to its parent"). It stops (final `gone`) when the scope answers 401/403/404: not retried.
 */
export type FeedKind = 'order' | 'store' | 'stock';
/** a store event as the feed passes it on (the shapes are docs/order-status.md 3.7 `StoreEvent`; the parent reads them) */
export type FeedEvent = { id: number; kind: 'placed' | 'status' | 'eta' | 'arrival' | 'stock' } & Record<string, unknown>;
export interface FeedConfig {
  reconnectBaseMs: number;
  reconnectMaxMs: number;
  maxFailures: number;
  pollMs: number;
  silenceMs: number;
}
export const DEFAULT_FEED_CONFIG: FeedConfig = {
  reconnectBaseMs: FEED_RECONNECT_BASE_MS,
  reconnectMaxMs: FEED_RECONNECT_MAX_MS,
  maxFailures: FEED_MAX_FAILURES,
  pollMs: FEED_POLL_MS,
  silenceMs: FEED_SILENCE_MS,
};
export interface LiveFeedInput {
  kind: FeedKind;
  /** the order id (kind 'order') or the short store number */
  key: string;
  /** a guest's order token (sent as `X-Order-Token`); null for a member's session */
  orderToken: string | null;
  /** the snapshot's last event id: the stream resumes after it */
  lastEventId: number;
  config: FeedConfig;
  /** ∈ [0.5, 1], drawn by the route once per page */
  jitter: number;
}
export interface LiveFeedContext extends LiveFeedInput {
  /** consecutive connects that failed (reset when a stream opens) */
  failures: number;
  /** polls since polling started (every 4th tries the stream) */
  polls: number;
  /** reconnects since the last open stream (the backoff's n) */
  attempt: number;
}
/** what the stream actor sends back (src/services/ordering/order-events.ts `streamSignals`) */
export type FeedSignal =
  | { type: 'stream.open' }
  | { type: 'stream.event'; event: FeedEvent }
  | { type: 'stream.heartbeat' }
  | { type: 'stream.reset'; lastEventId: number }
  | { type: 'stream.closed' };
export type LiveFeedEvent =
  | FeedSignal
  | { type: 'browser.offline' }
  | { type: 'browser.online' }
  | ErrorActorEvent<unknown, 'openStream'>
  | DoneActorEvent<PollAnswer, 'pollEvents'>
  | ErrorActorEvent<unknown, 'pollEvents'>;
/** what the feed sends its parent */
export type FeedToParent = { type: 'feed.event'; event: FeedEvent } | { type: 'feed.reset'; lastEventId: number };
export interface StreamRequest {
  /** the path under /apiproxy/v1 */
  url: string;
  lastEventId: number;
  orderToken: string | null;
}
export interface PollRequest {
  /** the stream's path; the poll is `<url>.json?after=` */
  url: string;
  after: number;
  orderToken: string | null;
}
export interface PollAnswer {
  events: FeedEvent[];
  lastEventId: number;
  reset: boolean;
}
/** the code of a browser without a stream reader (the stream actor fails with it): poll instead */
export const STREAM_UNSUPPORTED = 'STREAM_UNSUPPORTED';

/** the stream's path of a scope (docs/order-status.md 3.7) */
export function feedPath(kind: FeedKind, key: string): string {
  const k = encodeURIComponent(key);
  if (kind === 'order') return `/ordering/orders/${k}/events`;
  if (kind === 'store') return `/store/${k}/events`;
  return `/ordering/stores/${k}/stock-events`;
}
export function streamRequest({ context }: { context: Pick<LiveFeedContext, 'kind' | 'key' | 'lastEventId' | 'orderToken'> }): StreamRequest {
  if (!context.key) throw new Error('openStream: no key');
  return { url: feedPath(context.kind, context.key), lastEventId: context.lastEventId, orderToken: context.orderToken };
}
export function pollRequest({ context }: { context: Pick<LiveFeedContext, 'kind' | 'key' | 'lastEventId' | 'orderToken'> }): PollRequest {
  if (!context.key) throw new Error('pollEvents: no key');
  return { url: feedPath(context.kind, context.key), after: context.lastEventId, orderToken: context.orderToken };
}

const statusOf = (event: LiveFeedEvent) => {
  assertEvent(event, ['xstate.error.actor.openStream', 'xstate.error.actor.pollEvents']);
  return asFlowError(event.error);
};
const pollOutput = (event: LiveFeedEvent) => {
  assertEvent(event, 'xstate.done.actor.pollEvents');
  return event.output;
};

export const liveFeedMachine = setup({
  types: { context: {} as LiveFeedContext, events: {} as LiveFeedEvent, input: {} as LiveFeedInput },
  actors: {
    openStream: fromEventObservable<FeedSignal, StreamRequest>(() => notProvided('openStream')),
    pollEvents: fromPromise<PollAnswer, PollRequest>(async () => notProvided('pollEvents')),
  },
  guards: {
    /** 401, 403, 404: the scope is gone for this visitor (not retried) */
    isGone: ({ event }) => [401, 403, 404].includes(statusOf(event).status),
    isUnsupported: ({ event }) => statusOf(event).code === STREAM_UNSUPPORTED,
    tooManyFailures: ({ context }) => context.failures >= context.config.maxFailures,
    isReset: ({ event }) => pollOutput(event).reset,
    /** the 4th poll of a row is followed by a stream attempt */
    isTimeToTryStream: ({ context }) => context.polls + 1 >= FEED_POLLS_PER_STREAM_TRY,
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelay(context.attempt, context.config.reconnectBaseMs, context.config.reconnectMaxMs, context.jitter),
    silence: ({ context }) => context.config.silenceMs,
    connectTimeout: FEED_CONNECT_TIMEOUT_MS,
    pollInterval: ({ context }) => context.config.pollMs,
  },
  actions: {
    applyInput: assign(({ event }) => {
      const i = inputOf<LiveFeedInput>(event, { kind: 'order', key: '', orderToken: null, lastEventId: 0, config: DEFAULT_FEED_CONFIG, jitter: 1 });
      return { ...i, config: { ...DEFAULT_FEED_CONFIG, ...i.config }, lastEventId: Math.max(0, i.lastEventId || 0) };
    }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0, attempt: 0 }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
    resetPolls: assign({ polls: 0 }),
    /** the highest id seen: from a stream event, a stream reset, or a poll's answer */
    assignLastEventId: assign({
      lastEventId: ({ context, event }) => {
        assertEvent(event, ['stream.event', 'stream.reset', 'xstate.done.actor.pollEvents']);
        switch (event.type) {
          case 'stream.event':
            return Math.max(context.lastEventId, event.event.id);
          case 'stream.reset':
            return Math.max(context.lastEventId, event.lastEventId);
          case 'xstate.done.actor.pollEvents':
            return Math.max(context.lastEventId, event.output.lastEventId);
        }
      },
    }),
    forwardEvent: sendParent(({ event }) => {
      assertEvent(event, 'stream.event');
      return { type: 'feed.event', event: event.event } satisfies FeedToParent;
    }),
    forwardEvents: enqueueActions(({ event, enqueue }) => {
      for (const e of pollOutput(event).events) enqueue.sendParent({ type: 'feed.event', event: e } satisfies FeedToParent);
    }),
    forwardReset: sendParent(({ event }) => {
      assertEvent(event, ['stream.reset', 'xstate.done.actor.pollEvents']);
      switch (event.type) {
        case 'stream.reset':
          return { type: 'feed.reset', lastEventId: event.lastEventId } satisfies FeedToParent;
        case 'xstate.done.actor.pollEvents':
          return { type: 'feed.reset', lastEventId: event.output.lastEventId } satisfies FeedToParent;
      }
    }),
  },
}).createMachine({
  id: 'liveFeed',
  description: 'One live stream of store events: reconnect with backoff, resume by the last event id, poll when streaming fails.',
  meta: { title: 'Live feed (a child of the tracker, console and menu)', spec: 'docs/order-status.md 2.1' },
  context: { kind: 'order', key: '', orderToken: null, lastEventId: 0, config: DEFAULT_FEED_CONFIG, jitter: 1, failures: 0, polls: 0, attempt: 0 },
  entry: 'applyInput',
  initial: 'streaming',
  on: { 'browser.offline': { target: '.offline' } },
  states: {
    streaming: {
      description: 'A stream request is open (or opening).',
      initial: 'connecting',
      invoke: {
        id: 'openStream',
        src: 'openStream',
        input: streamRequest,
        onError: [
          { guard: 'isGone', target: 'gone' },
          { guard: 'isUnsupported', target: 'polling' },
          { target: 'waiting', actions: 'countFailure' },
        ],
      },
      on: { 'stream.closed': { target: 'waiting', actions: 'countFailure' } },
      states: {
        connecting: {
          tags: ['connecting'],
          on: { 'stream.open': { target: 'open', actions: 'resetFailures' } },
          after: { connectTimeout: { target: '#liveFeed.waiting', actions: 'countFailure' } },
        },
        open: {
          tags: ['live'],
          description: 'Events arrive; a heartbeat every 15 s; silence past `silenceMs` counts as a drop.',
          on: {
            'stream.event': { target: 'open', reenter: true, actions: ['assignLastEventId', 'forwardEvent'] },
            'stream.heartbeat': { target: 'open', reenter: true },
            'stream.reset': { target: 'open', reenter: true, actions: ['assignLastEventId', 'forwardReset'] },
          },
          after: { silence: { target: '#liveFeed.waiting', actions: 'countFailure' } },
        },
      },
    },
    waiting: {
      tags: ['reconnecting'],
      meta: { message: 'reconnecting' },
      description: 'The backoff before the next connect: min(base·2^(n−1), max) × jitter.',
      entry: 'countAttempt',
      after: { reconnectDelay: [{ guard: 'tooManyFailures', target: 'polling' }, { target: 'streaming' }] },
    },
    polling: {
      tags: ['polling'],
      meta: { message: 'pollingNotice' },
      invoke: {
        id: 'pollEvents',
        src: 'pollEvents',
        input: pollRequest,
        onDone: [
          { guard: 'isReset', target: 'pollWait', actions: ['forwardReset', 'assignLastEventId'] },
          { target: 'pollWait', actions: ['forwardEvents', 'assignLastEventId'] },
        ],
        onError: [{ guard: 'isGone', target: 'gone' }, { target: 'pollWait' }],
      },
    },
    pollWait: {
      tags: ['polling'],
      meta: { message: 'pollingNotice' },
      after: { pollInterval: [{ guard: 'isTimeToTryStream', target: 'streaming', actions: 'resetPolls' }, { target: 'polling', actions: 'countPoll' }] },
    },
    offline: {
      tags: ['offline'],
      meta: { message: 'offline' },
      description: "The browser is offline: nothing is tried until it is back.",
      on: { 'browser.online': { target: 'streaming', actions: 'resetFailures' } },
    },
    gone: { type: 'final', description: 'The scope answered 401/403/404: the parent decides (not found, forbidden).', },
  },
});
