import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { inputOf, notProvided } from './flow.ts';
import { STREAM_STALE_MS } from '../contracts/home-constants.ts';
import { visibleGuestItems, isGuestItem, type AnyStreamItem } from './home-stream-filter.ts';

/**
 * The home stream on /account/for-you (spec 3 section 4 "Home stream": fetch states loading, error, complete; a 304
 * yields an empty stream; a 206 is flagged as partial success; expired items dropped on success; a refetch skipped
 * when the last fetch is under 5 minutes old on this page; shown only when signed in, or when the unauthenticated
 * stream is enabled and items exist. Section 5 "Stream filtering" is `home-stream-filter.ts`, applied by the view;
 * section 8: the error block; section 9: stale time 5 min; docs/home.md 2.1).
 */
export interface CachedStream {
  items: AnyStreamItem[];
  lastModified: string | null;
  fetchedAt: number;
}
export interface HomeStreamInput {
  signedIn: boolean;
  /** `config.home.unauthStreamEnabled` */
  unauthStreamEnabled: boolean;
  locale: string;
  /** `config.home.streamItemTypes` */
  streamItemTypes: string[];
  /** the query cache's last answer (key ['home', 'stream', signedIn]) */
  cached: CachedStream | null;
  /** the route's reading: the cached answer is under 5 minutes old and the page is /account/for-you */
  cacheFresh: boolean;
}
export interface HomeStreamContext extends Omit<HomeStreamInput, 'cached' | 'cacheFresh'> {
  cacheFresh: boolean;
  items: AnyStreamItem[];
  lastModified: string | null;
  fetchedAt: number | null;
  partial: boolean;
  failedSources: string[];
  error: unknown;
}
/** What the stream actor answers: 304 is `{ status: 304, items: [] }` (an empty stream). */
export interface StreamAnswer {
  status: 200 | 206 | 304;
  items: AnyStreamItem[];
  lastModified: string | null;
  failedSources?: string[];
  /** when the answer arrived (ms since the epoch): the cache's fetchedAt */
  receivedAt: number;
}
export interface StreamRequest {
  signedIn: boolean;
  locale: string;
  streamItemTypes: string[];
  streamItemStatus: 'active';
  modifiedSince?: string;
}
export type HomeStreamEvent = DoneActorEvent<StreamAnswer, 'loadStream'> | DoneActorEvent<StreamAnswer, 'refreshStream'> | ErrorActorEvent<unknown, 'loadStream'> | ErrorActorEvent<unknown, 'refreshStream'>;

export const HOME_STREAM_INPUT_DEFAULTS: HomeStreamInput = {
  signedIn: false,
  unauthStreamEnabled: false,
  locale: 'en-US',
  streamItemTypes: [],
  cached: null,
  cacheFresh: false,
};

/** The request of `loadStream` (GET /apiproxy/v1/stream-items or /unauth/stream-items, no modifiedSince). */
export function streamRequest({ context }: { context: Pick<HomeStreamContext, 'signedIn' | 'locale' | 'streamItemTypes'> }): StreamRequest {
  if (!context.locale) throw new Error('loadStream: no locale');
  return { signedIn: context.signedIn, locale: context.locale, streamItemTypes: [...context.streamItemTypes], streamItemStatus: 'active' };
}

/** The request of `refreshStream`: the same with modifiedSince = the cached answer's lastModified. */
export function streamRefreshRequest({ context }: { context: Pick<HomeStreamContext, 'signedIn' | 'locale' | 'streamItemTypes' | 'lastModified'> }): StreamRequest {
  if (!context.lastModified) throw new Error('refreshStream: no lastModified to send as modifiedSince');
  return { ...streamRequest({ context }), modifiedSince: context.lastModified };
}

/** the answer of either load (the guards and actions that serve both done events) */
const answerOf = (event: HomeStreamEvent): StreamAnswer => {
  assertEvent(event, ['xstate.done.actor.loadStream', 'xstate.done.actor.refreshStream']);
  return event.output;
};

export const homeStreamMachine = setup({
  types: { context: {} as HomeStreamContext, events: {} as HomeStreamEvent, input: {} as HomeStreamInput },
  actors: {
    loadStream: fromPromise<StreamAnswer, StreamRequest>(async () => notProvided('loadStream')),
  },
  delays: {
    /** spec 9: stream stale time 5 min */
    streamStale: STREAM_STALE_MS,
  },
  guards: {
    /** spec 4: shown only when signed in, or when the unauthenticated stream is enabled */
    isStreamOff: ({ context }) => !context.signedIn && !context.unauthStreamEnabled,
    isCacheFresh: ({ context }) => context.cacheFresh && context.fetchedAt !== null,
    hasCache: ({ context }) => context.fetchedAt !== null && context.lastModified !== null,
    isNotModified: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.refreshStream');
      return event.output.status === 304;
    },
    isPartial: ({ event }) => answerOf(event).status === 206,
    isEmptyGuestStream: ({ context, event }) => {
      const answer = answerOf(event);
      return !context.signedIn && visibleGuestItems(answer.items.filter(isGuestItem), { now: answer.receivedAt }).length === 0;
    },
  },
  actions: {
    /** provided by the route: writes { items, lastModified, fetchedAt } to the query cache */
    cacheStream: () => {},
    applyInput: assign(({ event }) => {
      const input = inputOf<HomeStreamInput>(event, HOME_STREAM_INPUT_DEFAULTS);
      return {
        signedIn: input.signedIn === true,
        unauthStreamEnabled: input.unauthStreamEnabled === true,
        locale: input.locale,
        streamItemTypes: [...input.streamItemTypes],
        cacheFresh: input.cacheFresh === true,
        items: input.cached?.items ?? [],
        lastModified: input.cached?.lastModified ?? null,
        fetchedAt: input.cached?.fetchedAt ?? null,
      };
    }),
    assignStream: assign(({ event }) => {
      const answer = answerOf(event);
      return { items: answer.items, lastModified: answer.lastModified, fetchedAt: answer.receivedAt, partial: false, failedSources: [], error: null };
    }),
    flagPartial: assign(({ event }) => ({ partial: true, failedSources: answerOf(event).failedSources ?? [] })),
    /** 304: the cards stay, the fetch counts as new */
    touchFetchedAt: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.refreshStream');
      return { fetchedAt: event.output.receivedAt, error: null };
    }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.loadStream', 'xstate.error.actor.refreshStream']);
      return { error: event.error };
    }),
  },
}).createMachine({
  id: 'homeStream',
  description: 'Reads the member’s (or the guest) stream, reuses a fetch under 5 minutes old, refreshes with modifiedSince.',
  meta: { title: 'Home stream (/account/for-you)', spec: '3 §4 home stream, §5 stream filtering, §7, §8, §9' },
  context: {
    signedIn: false,
    unauthStreamEnabled: false,
    locale: 'en-US',
    streamItemTypes: [],
    cacheFresh: false,
    items: [],
    lastModified: null,
    fetchedAt: null,
    partial: false,
    failedSources: [],
    error: null,
  },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'Signed out without the guest stream: none; a fetch under 5 minutes old: reused; an older one: refreshed.',
      always: [
        { guard: 'isStreamOff', target: 'hidden' },
        { guard: 'isCacheFresh', target: 'showing' },
        { guard: 'hasCache', target: 'refreshing' },
        { target: 'loading' },
      ],
    },
    hidden: {
      description: 'No stream: the greeting, the carousel and the guest cards still show.',
    },
    loading: {
      description: 'The first read: the progress bar.',
      tags: ['loading'],
      invoke: {
        id: 'loadStream',
        src: 'loadStream',
        input: streamRequest,
        onDone: [
          { guard: 'isEmptyGuestStream', target: 'hidden', actions: ['assignStream', 'cacheStream'] },
          { guard: 'isPartial', target: 'showing', actions: ['assignStream', 'flagPartial', 'cacheStream'] },
          { target: 'showing', actions: ['assignStream', 'cacheStream'] },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    refreshing: {
      description: 'The cached cards stay on screen while the stream is asked what changed since lastModified.',
      tags: ['refreshing'],
      invoke: {
        id: 'refreshStream',
        src: 'loadStream',
        input: streamRefreshRequest,
        onDone: [
          { guard: 'isNotModified', target: 'showing', actions: ['touchFetchedAt', 'cacheStream'] },
          { guard: 'isEmptyGuestStream', target: 'hidden', actions: ['assignStream', 'cacheStream'] },
          { guard: 'isPartial', target: 'showing', actions: ['assignStream', 'flagPartial', 'cacheStream'] },
          { target: 'showing', actions: ['assignStream', 'cacheStream'] },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    showing: {
      description: 'The cards (filtered by the spec’s rules on every render); after 5 minutes they are refreshed.',
      after: { streamStale: { target: 'refreshing' } },
    },
    failed: {
      description: 'The error block: an unexpected-error message and ‘Please try refreshing the page.’',
      tags: ['error'],
      meta: { message: 'streamFailed' },
    },
  },
});
