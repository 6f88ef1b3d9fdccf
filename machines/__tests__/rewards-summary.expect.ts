/**
 * Rewards summary (spec 3 section 2 "Rewards area": /rewards/my-rewards 'Your {level} Status benefits', level
 * default Green; /account/rewards; section 8 "Rewards and stream": the error page heading 'Uh oh!'; docs/rewards.md
 * 2.5): a signed-in member's summary is read (Stars, level, next reward, expiring Stars); a failed read shows the
 * 'Uh oh!' page with Try again; signed out nothing is read and the page keeps the default level.
 */
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { rewardsSummaryMachine } from '../rewards-summary.machine.ts';
import { RewardsMessages } from '../../contracts/rewards-messages.ts';
import type { RewardsPageSummary } from '../../contracts/rewards.ts';
import { serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import type { Flow } from './flow.ts';

export const memberSummary: RewardsPageSummary = {
  stars: 120,
  level: 'gold',
  levelExpiresAt: '2027-11-28T00:00:00.000Z',
  nextReward: { tier: 200, starsToNext: 80 },
  expiringStars: [{ stars: 30, expiresAt: '2027-01-01T00:00:00.000Z' }, { stars: 90, expiresAt: '2027-06-01T00:00:00.000Z' }],
  expirations: { expired: [{ stars: 12, expiresAt: '2026-10-01T00:00:00.000Z' }], expiringSoon: [{ stars: 30, expiresAt: '2027-01-01T00:00:00.000Z' }] },
  activity: [
    { delta: 80, balanceAfter: 120, kind: 'earn', description: 'Order 1001', createdAt: '2026-11-20T10:00:00.000Z', orderId: 'ord_1' },
    { delta: 40, balanceAfter: 40, kind: 'earn', description: 'Order 1000', createdAt: '2026-11-19T10:00:00.000Z', orderId: 'ord_0' },
  ],
};

export const rewardsSummaryEvents = [
  { type: 'user.retry' },
  done('loadRewardsSummary', memberSummary),
  fail('loadRewardsSummary', serverDown),
] as const;
const [retry, loaded, failed] = rewardsSummaryEvents as unknown as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { signedIn: boolean; summary: RewardsPageSummary | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, i: s.context.signedIn, s: !!s.context.summary });

export const rewardsSummaryFlow: Flow<typeof rewardsSummaryMachine> = {
  machine: rewardsSummaryMachine,
  table: {
    checking: { always: [{ guard: 'isSignedIn', to: 'loading' }, 'guest'] },
    loading: {
      'xstate.done.actor.loadRewardsSummary': 'ready',
      'xstate.error.actor.loadRewardsSummary': 'loadFailed',
    },
    loadFailed: { 'user.retry': 'loading' },
  },
  journeys: [
    { name: 'a member sees their summary', run: 'member', events: [loaded!], ends: 'ready' },
    { name: 'the read fails: Uh oh!', run: 'member', events: [failed!], ends: 'loadFailed' },
    { name: 'the read fails, Try again reads it', run: 'member', events: [failed!, retry!, loaded!], ends: 'ready' },
    { name: 'signed out: nothing read, default level', run: 'guest', events: [], ends: 'guest' },
    { name: 'signed out: an answer or Try again changes nothing', run: 'guest', events: [loaded!, retry!], ends: 'guest' },
  ],
  catalogue: RewardsMessages,
  sees: {
    loading: { tags: ['loading'] },
    loadFailed: { tags: ['error'], message: 'Uh oh!' },
  },
  arrange(machine) {
    const started: string[] = [];
    const load = fromPromise<RewardsPageSummary, void>(({ input }) => {
      started.push(input === undefined ? 'load' : `load with input ${JSON.stringify(input)}`);
      return new Promise<never>(() => {});
    });
    let loadsInPath = 0;
    return {
      machine: machine.provide({ actors: { loadRewardsSummary: load as never } }),
      runs: [
        { name: 'member', options: { events: rewardsSummaryEvents as never, input: { signedIn: true }, serializeState: serializeState as never } },
        { name: 'guest', options: { events: rewardsSummaryEvents as never, input: { signedIn: false }, serializeState: serializeState as never } },
      ],
      beforePath: () => void (loadsInPath = started.length),
      onStep(s, event, run) {
        const c = s.context;
        expect(c.signedIn).toBe(run === 'member');
        // signed out nothing is read and the page has no summary: the default level (Green)
        if (run === 'guest') {
          expect(s.value).toBe('guest');
          expect(c.summary).toBeNull();
          expect(started.length).toBe(loadsInPath);
          return;
        }
        // one read on entering loading (the first one and each Try again), never with an input
        if (event.type === 'xstate.init' || event.type === 'user.retry') {
          expect(s.value).toBe('loading');
          expect(started.length).toBe(++loadsInPath);
        }
        if (s.matches('ready')) expect(c.summary).toEqual(memberSummary);
        if (s.matches('loading') || s.matches('loadFailed')) expect(c.summary).toBeNull();
      },
      afterAll() {
        expect(new Set(started)).toEqual(new Set(['load']));
      },
    };
  },
};
