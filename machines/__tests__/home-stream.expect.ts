/**
 * The home stream (spec 3 section 4 "Home stream": fetch states loading, error, complete; "A 304 yields an empty
 * stream. A 206 is flagged as partial success"; "A refetch is skipped if the last fetch is under 5 minutes old and
 * the page is /account/for-you"; "The stream is shown only when signed in, or when the unauthenticated stream is
 * enabled and items exist"; section 7: the two stream-items calls with locale, streamItemTypes, streamItemStatus=active
 * and modifiedSince; section 8: the stream failure block; section 9: stale time 5 min; docs/home.md 2.1).
 */
import { expect } from 'vitest';
import { homeStreamMachine, streamRequest, streamRefreshRequest, type HomeStreamInput } from '../home-stream.machine.ts';
import { HomeMessages } from '../../contracts/home-messages.ts';
import { requestFakes } from './model.ts';
import { serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';
import { ALL_TYPES, coupon, editorial, guest, NOW } from './home-fixtures.ts';

const T0 = '2026-06-15T11:00:00.000Z';
const T1 = '2026-06-15T12:00:00.000Z';
const T2 = '2026-06-15T12:05:00.000Z';
const MEMBER_ITEMS = [coupon('FREEDRINK', 'Available'), editorial('Try the new Oatmilk Latte')];
const NEWER_ITEMS = [editorial('Double Stars weekend', 105)];
const GUEST_ITEMS = [guest('g1', 'Order ahead, skip the line', 1)];

const answer = (status: 200 | 206 | 304, items: unknown[], lastModified: string | null, receivedAt: number, failedSources?: string[]) => ({
  status,
  items,
  lastModified,
  receivedAt,
  ...(failedSources ? { failedSources } : {}),
});

export const homeStreamEvents = {
  loaded: done('loadStream', answer(200, MEMBER_ITEMS, T1, NOW)),
  loadedPartly: done('loadStream', answer(206, MEMBER_ITEMS.slice(1), T1, NOW, ['coupons'])),
  guestLoaded: done('loadStream', answer(200, GUEST_ITEMS, T1, NOW)),
  guestLoadedEmpty: done('loadStream', answer(200, [], T1, NOW)),
  loadFailed: fail('loadStream', serverDown),
  notModified: done('refreshStream', answer(304, [], null, NOW + 300_000)),
  changed: done('refreshStream', answer(200, NEWER_ITEMS, T2, NOW + 300_000)),
  changedPartly: done('refreshStream', answer(206, NEWER_ITEMS, T2, NOW + 300_000, ['coupons'])),
  guestChangedEmpty: done('refreshStream', answer(200, [], T2, NOW + 300_000)),
  refreshFailed: fail('refreshStream', serverDown),
  stale: { type: 'xstate.after.streamStale.homeStream.showing' },
} as const;
const E = homeStreamEvents;

const cachedMember = { items: MEMBER_ITEMS, lastModified: T0, fetchedAt: NOW - 60_000 };
const cachedGuest = { items: GUEST_ITEMS, lastModified: T0, fetchedAt: NOW - 600_000 };
const input = (over: Partial<HomeStreamInput>): HomeStreamInput => ({
  signedIn: true,
  unauthStreamEnabled: false,
  locale: 'en-US',
  streamItemTypes: ALL_TYPES,
  cached: null,
  cacheFresh: false,
  ...over,
});
const RUNS = {
  member: input({}),
  memberFresh: input({ cached: cachedMember, cacheFresh: true }),
  memberStale: input({ cached: { ...cachedMember, fetchedAt: NOW - 600_000 } }),
  guestOn: input({ signedIn: false, unauthStreamEnabled: true }),
  guestStale: input({ signedIn: false, unauthStreamEnabled: true, cached: cachedGuest }),
  guestOff: input({ signedIn: false, unauthStreamEnabled: false }),
} as const;

/** the requests of spec 7, written out */
const MEMBER_REQUEST = { signedIn: true, locale: 'en-US', streamItemTypes: ALL_TYPES, streamItemStatus: 'active' };
const GUEST_REQUEST = { ...MEMBER_REQUEST, signedIn: false };

type Snap = {
  value: unknown;
  context: { items: unknown[]; lastModified: string | null; fetchedAt: number | null; partial: boolean; failedSources: string[]; error: unknown; signedIn: boolean };
  matches: (s: string) => boolean;
};
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.items.length, s.context.lastModified, s.context.fetchedAt, s.context.partial, s.context.error !== null]);

export const homeStreamFlow: Flow<typeof homeStreamMachine> = {
  machine: homeStreamMachine,
  table: {
    starting: {
      always: [{ guard: 'isStreamOff', to: 'hidden' }, { guard: 'isCacheFresh', to: 'showing' }, { guard: 'hasCache', to: 'refreshing' }, 'loading'],
    },
    loading: {
      'xstate.done.actor.loadStream': [{ guard: 'isEmptyGuestStream', to: 'hidden' }, { guard: 'isPartial', to: 'showing' }, 'showing'],
      'xstate.error.actor.loadStream': 'failed',
    },
    refreshing: {
      'xstate.done.actor.refreshStream': [
        { guard: 'isNotModified', to: 'showing' },
        { guard: 'isEmptyGuestStream', to: 'hidden' },
        { guard: 'isPartial', to: 'showing' },
        'showing',
      ],
      'xstate.error.actor.refreshStream': 'failed',
    },
    showing: { 'after streamStale': 'refreshing' },
  },
  delays: { streamStale: 300_000 },
  journeys: [
    { name: 'signed in: 200 shows the cards', run: 'member', events: [E.loaded], ends: 'showing' },
    { name: 'signed in: 206 shows the cards, flagged partial', run: 'member', events: [E.loadedPartly], ends: 'showing' },
    { name: 'signed in: the stream fails: the error block', run: 'member', events: [E.loadFailed], ends: 'failed' },
    { name: 'a fetch under 5 minutes old on this page: no request', run: 'memberFresh', events: [], ends: 'showing' },
    { name: 'an older fetch: refreshed with modifiedSince, 304 keeps the cards', run: 'memberStale', events: [E.notModified], ends: 'showing' },
    { name: 'an older fetch: refreshed, 200 replaces the cards', run: 'memberStale', events: [E.changed], ends: 'showing' },
    { name: 'an older fetch: refreshed, 206 flagged', run: 'memberStale', events: [E.changedPartly], ends: 'showing' },
    { name: 'the refresh fails: the error block', run: 'memberStale', events: [E.refreshFailed], ends: 'failed' },
    { name: '5 minutes on the page: refreshed, 304', run: 'member', events: [E.loaded, E.stale, E.notModified], ends: 'showing' },
    { name: '5 minutes on the page: refreshed, 200', run: 'member', events: [E.loaded, E.stale, E.changed], ends: 'showing' },
    { name: 'guest, flag off: no stream, no request', run: 'guestOff', events: [], ends: 'hidden' },
    { name: 'guest, flag on, items: shown', run: 'guestOn', events: [E.guestLoaded], ends: 'showing' },
    { name: 'guest, flag on, no items: hidden', run: 'guestOn', events: [E.guestLoadedEmpty], ends: 'hidden' },
    { name: 'guest, flag on, the refresh brings no items: hidden', run: 'guestStale', events: [E.guestChangedEmpty], ends: 'hidden' },
    { name: 'guest, refresh 304 keeps the guest cards', run: 'guestStale', events: [E.notModified], ends: 'showing' },
  ],
  catalogue: HomeMessages,
  sees: {
    loading: { tags: ['loading'] },
    refreshing: { tags: ['refreshing'] },
    failed: { tags: ['error'], message: 'Something unexpected happened.' },
  },
  effects: {
    'xstate.done.actor.loadStream -> showing': ['cacheStream'],
    'xstate.done.actor.loadStream -> hidden': ['cacheStream'],
    'xstate.done.actor.refreshStream -> showing': ['cacheStream'],
    'xstate.done.actor.refreshStream -> hidden': ['cacheStream'],
  },
  arrange(machine) {
    const fakes = requestFakes({ loadStream: [streamRequest, streamRefreshRequest] });
    const spy = spyActions(['cacheStream'] as const);
    let madeBefore = 0;
    let lastAnswer: { status: number; items: unknown[]; lastModified: string | null; receivedAt: number; failedSources?: string[] } | null = null;
    let runInput: HomeStreamInput = RUNS.member;
    let lastVersion: string | null = null;
    let lastItems: unknown[] | null = null;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      beforePath: () => {
        madeBefore = fakes.made.length;
        lastAnswer = null;
        lastVersion = null;
        lastItems = null;
      },
      spy: { clear: spy.clear, step: () => spy.step().map((l) => ({ name: l.name, params: undefined })) },
      runs: Object.entries(RUNS).map(([name, i]) => ({
        name,
        options: { events: Object.values(homeStreamEvents) as never, input: i, serializeState: serializeState as never },
      })),
      onStep(snapshot, event, run) {
        const s = snapshot as unknown as Snap;
        const c = s.context;
        runInput = RUNS[run as keyof typeof RUNS];
        const cached = runInput.cached;
        const output = (event as unknown as { output?: typeof lastAnswer }).output;
        if (output) lastAnswer = output;
        if (output && output.status !== 304) {
          lastVersion = output.lastModified;
          lastItems = output.items;
        }
        const requests = fakes.made.slice(madeBefore);
        // spec 4: signed out with the guest stream off, and a fetch under 5 minutes old: nothing asked
        if (run === 'guestOff' || (run === 'memberFresh' && s.matches('showing') && !lastAnswer)) expect(requests).toEqual([]);
        const request = runInput.signedIn ? MEMBER_REQUEST : GUEST_REQUEST;
        if (s.matches('loading')) expect(fakes.last('loadStream')).toEqual(request);
        if (s.matches('refreshing')) {
          // spec 7: modifiedSince = the last answer's lastModified (the cached one, or the last 200/206)
          const since = lastVersion ?? cached?.lastModified;
          expect(fakes.last('loadStream')).toEqual({ ...request, modifiedSince: since });
        }
        if (s.matches('showing') || s.matches('refreshing')) {
          // a 304 is an empty stream: the cards before it stay; 200/206 replace them
          expect(c.items).toEqual(lastItems ?? cached?.items);
          if (lastAnswer) expect(c.fetchedAt).toBe(lastAnswer.receivedAt);
          else expect(c.fetchedAt).toBe(cached?.fetchedAt);
        }
        // hidden after an answer (a guest stream with no items): what is cached is that answer
        if (s.matches('hidden') && lastAnswer) {
          expect(c.items).toEqual(lastItems);
          expect(c.lastModified).toBe(lastVersion);
          expect(c.fetchedAt).toBe(lastAnswer.receivedAt);
        }
        const partial = !!lastAnswer && lastAnswer.status === 206;
        if (lastAnswer && lastAnswer.status !== 304 && s.matches('showing')) {
          expect(c.partial).toBe(partial);
          expect(c.failedSources).toEqual(partial ? ['coupons'] : []);
        }
        if (s.matches('failed')) expect(c.error).toEqual(serverDown);
        else expect(c.error).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('loadStream')).toEqual(
          expect.arrayContaining([
            MEMBER_REQUEST,
            GUEST_REQUEST,
            { ...MEMBER_REQUEST, modifiedSince: T0 },
            { ...MEMBER_REQUEST, modifiedSince: T1 },
            { ...GUEST_REQUEST, modifiedSince: T0 },
          ]),
        );
      },
    };
  },
};
