/**
 * The home stream (docs/home.md 2.1, 2.2; spec 3 sections 4, 7): the two stream-items calls, the onboarding seen
 * call, the machines' actors and the query cache entry that lets a return to /account/for-you within 5 minutes skip
 * the fetch. A 304 (no body) is answered as `{ status: 304, items: [] }` (spec 4: "A 304 yields an empty stream"); a
 * 206 body carries `partial: true` and the failed sources.
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { GuestStreamItemsAnswer, OnboardingSeenAnswer, StreamItemsAnswer } from '../../../contracts/home.ts';
import { STREAM_STALE_MS } from '../../../contracts/home-constants.ts';
import type { CachedStream, HomeStreamInput, StreamAnswer, StreamRequest } from '../../../machines/home-stream.machine.ts';
import type { MarkTasksSeenAnswer, MarkTasksSeenRequest } from '../../../machines/onboarding.machine.ts';
import { api, ApiRequestError } from '../api.ts';
import { callWith } from '../../../machines/flow.ts';

/** no stream error code has a text of its own (spec 8: "the stream error code messages are not shown") */
const call = callWith({});

/** the query cache key of the last stream answer, per signed-in state */
export const streamCacheKey = (signedIn: boolean) => ['home', 'stream', signedIn] as const;

export const streamApi = {
  /** GET /apiproxy/v1/stream-items (member) or /apiproxy/v1/unauth/stream-items (guest) */
  async streamItems(input: StreamRequest, signal?: AbortSignal, now: () => number = Date.now): Promise<StreamAnswer> {
    const query = {
      locale: input.locale,
      streamItemTypes: input.streamItemTypes.join(','),
      streamItemStatus: input.streamItemStatus,
      modifiedSince: input.modifiedSince,
    };
    const opts = { query, ...(signal ? { signal } : {}) };
    try {
      const answer = input.signedIn ? await api.get('/stream-items', { ...opts, schema: StreamItemsAnswer }) : await api.get('/unauth/stream-items', { ...opts, schema: GuestStreamItemsAnswer });
      return {
        status: answer.partial ? 206 : 200,
        items: answer.streamItems,
        lastModified: answer.lastModified,
        ...(answer.failedSources ? { failedSources: [...answer.failedSources] } : {}),
        receivedAt: now(),
      };
    } catch (e) {
      // 304 Not Modified has no body: the api wrapper rejects it as a non-2xx; it is the spec's empty stream
      if (e instanceof ApiRequestError && e.status === 304) return { status: 304, items: [], lastModified: null, receivedAt: now() };
      throw e;
    }
  },
  /** PUT /apiproxy/v1/stream-items/onboarding/seen */
  markTasksSeen: (input: MarkTasksSeenRequest, signal?: AbortSignal): Promise<MarkTasksSeenAnswer> =>
    api.put('/stream-items/onboarding/seen', { tasks: input.tasks }, { schema: OnboardingSeenAnswer, ...(signal ? { signal } : {}) }),
};

export function homeStreamActors() {
  return {
    loadStream: fromPromise<StreamAnswer, StreamRequest>(({ input, signal }) => call(streamApi.streamItems(input, signal))),
  };
}

export function onboardingActors() {
  return {
    markTasksSeen: fromPromise<MarkTasksSeenAnswer, MarkTasksSeenRequest>(({ input, signal }) => call(streamApi.markTasksSeen(input, signal))),
  };
}

/** the last answer kept in the query cache (never fetched by the query itself: the machine fetches) */
export function cachedStream(queryClient: QueryClient, signedIn: boolean): CachedStream | null {
  return queryClient.getQueryData<CachedStream>(streamCacheKey(signedIn)) ?? null;
}

/** the machine's `cacheStream` action: keep what is on screen for a return within 5 minutes */
export function cacheStream(queryClient: QueryClient, signedIn: boolean, stream: CachedStream) {
  queryClient.setQueryData<CachedStream>(streamCacheKey(signedIn), { items: stream.items, lastModified: stream.lastModified, fetchedAt: stream.fetchedAt });
}

/**
 * The homeStream machine's input: the cached answer, and whether it is fresh (spec 4: under 5 minutes old and the
 * page is /account/for-you).
 */
export function homeStreamInput(
  queryClient: QueryClient,
  o: { signedIn: boolean; unauthStreamEnabled: boolean; locale: string; streamItemTypes: readonly string[]; pathname: string; now: number },
): HomeStreamInput {
  const cached = cachedStream(queryClient, o.signedIn);
  return {
    signedIn: o.signedIn,
    unauthStreamEnabled: o.unauthStreamEnabled,
    locale: o.locale,
    streamItemTypes: [...o.streamItemTypes],
    cached,
    cacheFresh: isStreamFresh(cached, o.pathname, o.now),
  };
}

/** spec 4: a refetch is skipped if the last fetch is under 5 minutes old and the page is /account/for-you */
export function isStreamFresh(cached: Pick<CachedStream, 'fetchedAt'> | null, pathname: string, now: number): boolean {
  return cached !== null && pathname.replace(/\/+$/, '') === '/account/for-you' && now - cached.fetchedAt < STREAM_STALE_MS;
}
