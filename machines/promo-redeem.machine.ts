import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { PROMO_CODE_GROUPS, promoCodeOf, promoEligible, type CampaignLink, type PromoUser, type RedeemPromoCodeVariables } from '../contracts/rewards-promo.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';

/**
 * Promo redemption, /rewards/promo/redeem?matchId= (spec 3 section 4 "Promo redemption", section 5 "Offers", section 8;
 * docs/rewards.md 2.1). The five steps of the spec in order: (1) the campaign match id from the URL, absent: fail;
 * else the campaign-link service's data; (2) the user's data, a user error fails; (3) with a sub-market and a join
 * date, the eligibility check; (4) no promo code in the link data (key 'promocode', any case): invalid; (5) redeem.
 * Spec statuses: loading = tag loading; success = succeeded; failed (permanent) = ineligible, invalid, expired;
 * error = tooSoon, generic (Try again).
 */
export interface PromoRedeemInput {
  matchId: string | null;
}
export interface PromoRedeemContext extends PromoRedeemInput {
  link: CampaignLink | null;
  user: PromoUser | null;
  /** the code of the failed call (campaign-link 1002-1009, PROMO_INELIGIBLE, or a generic one) */
  errorCode: string | null;
  /** data.redeemPromoCode.message of a redemption */
  message: string | null;
}
export type PromoRedeemEvent =
  | { type: 'user.retry' }
  | DoneActorEvent<CampaignLink, 'loadCampaignLink'>
  | ErrorActorEvent<unknown, 'loadCampaignLink'>
  | DoneActorEvent<PromoUser, 'loadPromoUser'>
  | ErrorActorEvent<unknown, 'loadPromoUser'>
  | DoneActorEvent<{ message: string }, 'redeemPromoCode'>
  | ErrorActorEvent<unknown, 'redeemPromoCode'>;

export const PROMO_REDEEM_INPUT_DEFAULTS: PromoRedeemInput = { matchId: null };

/** The request of `loadCampaignLink` (GET /apiproxy/v1/campaign-links/{matchId}). */
export function campaignLinkRequest({ context }: { context: Pick<PromoRedeemContext, 'matchId'> }): { matchId: string } {
  const matchId = context.matchId?.trim();
  if (!matchId) throw new Error('loadCampaignLink: no match id');
  return { matchId };
}

/** The request of `redeemPromoCode` (GraphQL REDEEM_PROMO_CODE): the link data's promo code, trimmed. */
export function redeemPromoCodeRequest({ context }: { context: Pick<PromoRedeemContext, 'link'> }): RedeemPromoCodeVariables {
  const promoCode = promoCodeOf(context.link?.linkData);
  if (!promoCode) throw new Error('redeemPromoCode: no promo code in the link data');
  return { promoCode };
}

type Failure = ErrorActorEvent<unknown, 'loadCampaignLink'> | ErrorActorEvent<unknown, 'loadPromoUser'> | ErrorActorEvent<unknown, 'redeemPromoCode'>;
const FAILURES = ['xstate.error.actor.loadCampaignLink', 'xstate.error.actor.loadPromoUser', 'xstate.error.actor.redeemPromoCode'] as const;
const codeIn = (event: Failure, codes: readonly string[]) => codes.includes(asFlowError(event.error).code ?? '');

export const promoRedeemMachine = setup({
  types: { context: {} as PromoRedeemContext, events: {} as PromoRedeemEvent, input: {} as PromoRedeemInput },
  actors: {
    loadCampaignLink: fromPromise<CampaignLink, { matchId: string }>(async () => notProvided('loadCampaignLink')),
    loadPromoUser: fromPromise<PromoUser>(async () => notProvided('loadPromoUser')),
    redeemPromoCode: fromPromise<{ message: string }, RedeemPromoCodeVariables>(async () => notProvided('redeemPromoCode')),
  },
  guards: {
    hasMatchId: ({ context }) => !!context.matchId?.trim(),
    /** spec 4 step 3: only a user with a sub-market and a join date is checked (spec 5 rule: promoEligible) */
    isIneligible: ({ context }) => !!context.link && !!context.user?.subMarket && !!context.user.joinDate && !promoEligible(context.link, context.user),
    /** spec 4 step 4: the link data holds a promo code under the key 'promocode', any case */
    hasPromoCode: ({ context }) => promoCodeOf(context.link?.linkData) !== null,
    isInvalidLinkCode: ({ event }) => {
      assertEvent(event, [...FAILURES]);
      return codeIn(event, PROMO_CODE_GROUPS.invalid);
    },
    isExpiredLinkCode: ({ event }) => {
      assertEvent(event, [...FAILURES]);
      return codeIn(event, PROMO_CODE_GROUPS.expired);
    },
    isTooSoonCode: ({ event }) => {
      assertEvent(event, [...FAILURES]);
      return codeIn(event, PROMO_CODE_GROUPS.tooSoon);
    },
    isIneligibleCode: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.redeemPromoCode');
      return codeIn(event, PROMO_CODE_GROUPS.ineligible);
    },
  },
  actions: {
    applyInput: assign(({ event }) => inputOf<PromoRedeemInput>(event, PROMO_REDEEM_INPUT_DEFAULTS)),
    assignLink: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadCampaignLink');
      return { link: event.output };
    }),
    assignUser: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadPromoUser');
      return { user: event.output };
    }),
    assignRedeemed: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.redeemPromoCode');
      return { message: event.output.message, errorCode: null };
    }),
    assignErrorCode: assign(({ event }) => {
      assertEvent(event, [...FAILURES]);
      return { errorCode: asFlowError(event.error).code ?? 'UNEXPECTED_ERROR' };
    }),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'promoRedeem',
  description: 'A campaign link’s promo code redeemed once by the signed-in member.',
  meta: { title: 'Promo redemption (/rewards/promo/redeem)', spec: '3 §4 Promo redemption, §5 Offers, §7 REDEEM_PROMO_CODE, §8 Promo redemption' },
  context: { matchId: null, link: null, user: null, errorCode: null, message: null },
  entry: 'applyInput',
  initial: 'readingLink',
  states: {
    readingLink: {
      description: 'Step 1: the campaign match id from the URL; absent: fail.',
      tags: ['loading'],
      always: [{ guard: 'hasMatchId', target: 'loadingLink' }, { target: 'failed.invalid' }],
    },
    loadingLink: {
      description: 'Step 1: the campaign-link service’s data for the match id.',
      tags: ['loading'],
      invoke: {
        id: 'loadCampaignLink',
        src: 'loadCampaignLink',
        input: campaignLinkRequest,
        onDone: { target: 'waitingForUser', actions: 'assignLink' },
        onError: [
          { guard: 'isInvalidLinkCode', target: 'failed.invalid', actions: 'assignErrorCode' },
          { guard: 'isExpiredLinkCode', target: 'failed.expired', actions: 'assignErrorCode' },
          { guard: 'isTooSoonCode', target: 'failed.tooSoon', actions: 'assignErrorCode' },
          { target: 'failed.generic', actions: 'assignErrorCode' },
        ],
      },
    },
    waitingForUser: {
      description: 'Step 2: the user’s data (sub-market, join date); a user error fails.',
      tags: ['loading'],
      invoke: {
        id: 'loadPromoUser',
        src: 'loadPromoUser',
        onDone: { target: 'checking', actions: 'assignUser' },
        onError: { target: 'failed.generic', actions: 'assignErrorCode' },
      },
    },
    checking: {
      description: 'Step 3: eligibility (with a sub-market and a join date); step 4: a promo code in the link data.',
      tags: ['loading'],
      always: [{ guard: 'isIneligible', target: 'failed.ineligible' }, { guard: 'hasPromoCode', target: 'redeeming' }, { target: 'failed.invalid' }],
    },
    redeeming: {
      description: 'Step 5: REDEEM_PROMO_CODE with the link’s promo code.',
      tags: ['loading'],
      invoke: {
        id: 'redeemPromoCode',
        src: 'redeemPromoCode',
        input: redeemPromoCodeRequest,
        onDone: { target: 'succeeded', actions: 'assignRedeemed' },
        onError: [
          { guard: 'isIneligibleCode', target: 'failed.ineligible', actions: 'assignErrorCode' },
          { guard: 'isInvalidLinkCode', target: 'failed.invalid', actions: 'assignErrorCode' },
          { guard: 'isExpiredLinkCode', target: 'failed.expired', actions: 'assignErrorCode' },
          { guard: 'isTooSoonCode', target: 'failed.tooSoon', actions: 'assignErrorCode' },
          { target: 'failed.generic', actions: 'assignErrorCode' },
        ],
      },
    },
    succeeded: {
      description: 'Success! and the note that the Reward may take up to 24 hours to show.',
      type: 'final',
      tags: ['success'],
      meta: { message: 'promoSuccess' },
    },
    failed: {
      description: 'The failure view, its message chosen by the error code (spec 8).',
      tags: ['error'],
      initial: 'generic',
      states: {
        ineligible: { description: 'Permanent: not eligible (market or join date).', meta: { message: 'promoIneligible' } },
        invalid: { description: 'Permanent: no match id, 1002, 1009, or no promo code in the link.', meta: { message: 'promoInvalid' } },
        expired: { description: 'Permanent: 1003, 1004 (also redeemed before), 1005, 1007.', meta: { message: 'promoExpired' } },
        tooSoon: { description: '1006: not started; Try again.', meta: { message: 'promoTooSoon' }, on: { 'user.retry': { target: '#promoRedeem.loadingLink', actions: 'clearError' } } },
        generic: { description: 'Any other failure; Try again.', meta: { message: 'promoGeneric' }, on: { 'user.retry': { target: '#promoRedeem.loadingLink', actions: 'clearError' } } },
      },
    },
  },
});
