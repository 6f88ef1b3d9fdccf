import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { RewardsPageSummary } from '../contracts/rewards.ts';
import { inputOf, notProvided } from './flow.ts';

/**
 * The member's rewards summary on /rewards/my-rewards and /account/rewards (spec 3 section 2 "Rewards area",
 * section 8 "Rewards and stream": the error page heading 'Uh oh!'; docs/rewards.md 2.5): the loading pattern of
 * docs/machines.md. Signed out (/rewards/my-rewards only) nothing is read: the page shows the default level, Green.
 */
export interface RewardsSummaryInput {
  /** the session says signed in (the route reads the session query) */
  signedIn: boolean;
}
export interface RewardsSummaryContext extends RewardsSummaryInput {
  summary: RewardsPageSummary | null;
}
export type RewardsSummaryEvent =
  | { type: 'user.retry' }
  | DoneActorEvent<RewardsPageSummary, 'loadRewardsSummary'>
  | ErrorActorEvent<unknown, 'loadRewardsSummary'>;

export const REWARDS_SUMMARY_INPUT_DEFAULTS: RewardsSummaryInput = { signedIn: false };

export const rewardsSummaryMachine = setup({
  types: { context: {} as RewardsSummaryContext, events: {} as RewardsSummaryEvent, input: {} as RewardsSummaryInput },
  actors: {
    loadRewardsSummary: fromPromise<RewardsPageSummary, void>(async () => notProvided('loadRewardsSummary')),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
  },
  actions: {
    applyInput: assign(({ event }) => ({ signedIn: inputOf<RewardsSummaryInput>(event, REWARDS_SUMMARY_INPUT_DEFAULTS).signedIn === true })),
    assignSummary: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadRewardsSummary');
      return { summary: event.output };
    }),
  },
}).createMachine({
  id: 'rewardsSummary',
  description: 'Reads the member’s Stars, level, next reward and expiring Stars; signed out shows the default level.',
  meta: { title: 'Rewards summary (/rewards/my-rewards, /account/rewards)', spec: '3 §2 Rewards area, §8 Rewards and stream; docs/rewards.md 2.5' },
  context: { signedIn: false, summary: null },
  entry: 'applyInput',
  initial: 'checking',
  states: {
    checking: {
      description: 'Signed in reads the summary; signed out shows the page without one.',
      always: [{ guard: 'isSignedIn', target: 'loading' }, { target: 'guest' }],
    },
    guest: {
      description: 'Signed out: the Green Status benefits, no Stars.',
    },
    loading: {
      description: 'GraphQL user.loyaltyProgram (Stars, level, next reward, expiring Stars, activity).',
      tags: ['loading'],
      invoke: {
        id: 'loadRewardsSummary',
        src: 'loadRewardsSummary',
        onDone: { target: 'ready', actions: 'assignSummary' },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The summary could not be read: the rewards error page (Uh oh!) with Try again.',
      tags: ['error'],
      meta: { message: 'rewardsErrorHeading' },
      on: { 'user.retry': { target: 'loading' } },
    },
    ready: {
      description: 'Stars, level, next reward and expiring Stars shown.',
    },
  },
});
