import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { BONUS_OFFER_CODE, type BonusOptInAnswer, type OptInResult } from '../contracts/rewards-promo.ts';
import { inputOf, notProvided } from './flow.ts';
import { pathTo } from './app-paths.ts';

/**
 * Bonus opt-in, /rewards/bonus/$offerCode (spec 3 section 2 "opt-in result pages", issue 27; docs/rewards.md 2.2):
 * the link of a bonus offer enrols the signed-in member, then replaces itself with the result page
 * /rewards/promo/opt-in/{result} of the answer; a failure (or an answer it does not know) is the error page.
 */
export interface BonusOptInInput {
  offerCode: string | null;
}
export interface BonusOptInContext extends BonusOptInInput {
  destination: string | null;
}
export type BonusOptInEvent = DoneActorEvent<BonusOptInAnswer, 'optInBonus'> | ErrorActorEvent<unknown, 'optInBonus'>;

export const BONUS_OPT_IN_INPUT_DEFAULTS: BonusOptInInput = { offerCode: null };

/** The request of `optInBonus` (POST /apiproxy/v1/rewards/bonus-offers/{offerCode}/opt-in). */
export function optInBonusRequest({ context }: { context: Pick<BonusOptInContext, 'offerCode'> }): { offerCode: string } {
  if (!context.offerCode) throw new Error('optInBonus: no offer code');
  return { offerCode: context.offerCode };
}

export const bonusOptInMachine = setup({
  types: { context: {} as BonusOptInContext, events: {} as BonusOptInEvent, input: {} as BonusOptInInput },
  actors: {
    optInBonus: fromPromise<BonusOptInAnswer, { offerCode: string }>(async () => notProvided('optInBonus')),
  },
  guards: {
    hasOfferCode: ({ context }) => context.offerCode !== null && BONUS_OFFER_CODE.test(context.offerCode),
    outcomeIs: ({ event }, params: { outcome: OptInResult }) => {
      assertEvent(event, 'xstate.done.actor.optInBonus');
      return event.output.outcome === params.outcome;
    },
  },
  actions: {
    /** provided by the route: navigate to `context.destination`, replacing this page */
    redirect: () => {},
    applyInput: assign(({ event }) => inputOf<BonusOptInInput>(event, BONUS_OPT_IN_INPUT_DEFAULTS)),
    goToResult: assign((_, params: { result: OptInResult }) => ({ destination: pathTo.optInResult(params.result) })),
  },
}).createMachine({
  id: 'bonusOptIn',
  description: 'A bonus offer’s link: the member is enrolled and sees the result page.',
  meta: { title: 'Bonus opt-in (/rewards/bonus/$offerCode)', spec: '3 §2 opt-in result pages, §8 Opt-in pages; issue 27' },
  context: { offerCode: null, destination: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'An offer code that cannot be one goes straight to the error page.',
      tags: ['loading'],
      always: [{ guard: 'hasOfferCode', target: 'enrolling' }, { target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'error' } }, 'redirect'] }],
    },
    enrolling: {
      description: 'opt-in: the answer names the result page.',
      tags: ['loading'],
      invoke: {
        id: 'optInBonus',
        src: 'optInBonus',
        input: optInBonusRequest,
        onDone: [
          { guard: { type: 'outcomeIs', params: { outcome: 'success' } }, target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'success' } }, 'redirect'] },
          { guard: { type: 'outcomeIs', params: { outcome: 'success-multiplier' } }, target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'success-multiplier' } }, 'redirect'] },
          { guard: { type: 'outcomeIs', params: { outcome: 'active-choice' } }, target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'active-choice' } }, 'redirect'] },
          { guard: { type: 'outcomeIs', params: { outcome: 'active-multiplier' } }, target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'active-multiplier' } }, 'redirect'] },
          { guard: { type: 'outcomeIs', params: { outcome: 'active-external' } }, target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'active-external' } }, 'redirect'] },
          { guard: { type: 'outcomeIs', params: { outcome: 'expired' } }, target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'expired' } }, 'redirect'] },
          { guard: { type: 'outcomeIs', params: { outcome: 'expired-multiplier' } }, target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'expired-multiplier' } }, 'redirect'] },
          { target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'error' } }, 'redirect'] },
        ],
        onError: { target: 'leaving', actions: [{ type: 'goToResult', params: { result: 'error' } }, 'redirect'] },
      },
    },
    leaving: {
      description: 'Gone to the result page (replacing the link’s page).',
      type: 'final',
    },
  },
});
