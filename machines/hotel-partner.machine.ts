import { setup, assign, fromPromise, assertEvent } from 'xstate';
import { PartnerCodes, type PartnerUnlinkAnswer, type PartnerSubPath } from '../contracts/rewards-partner.ts';
/** the sign-in page variants of the two partner actions (src/views/account/variant-names.ts) */
type AccountVariant = 'hotel-link' | 'hotel-unlink';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { pathTo } from './app-paths.ts';

/**
 * The hotel partner's landing page, /rewards/partnerships/$hotelPartner (spec 3 section 2 "Partner landing page",
 * section 4 "Partner link and unlink", section 6, section 8 "Partner flow"; docs/rewards.md 2.3). Finish linking goes to
 * the redirect page when signed in, else to sign-in (variant hotel-link) coming back to the redirect page. 'Unlink your
 * accounts' opens a confirm dialog (signed out: sign-in, variant hotel-unlink, back to the landing); its Unlink button
 * shows loading while the call runs; success → /unlinked, code 8001034 → /not-linked, anything else → /error.
 */
export interface HotelPartnerInput {
  signedIn: boolean;
  /** the URL's partner slug (the route shows this page only for the configured one) */
  hotelPartner: string;
}
export interface HotelPartnerContext extends HotelPartnerInput {
  destination: string | null;
}
export type HotelPartnerEvent =
  | { type: 'user.finishLinking' }
  | { type: 'user.openUnlink' }
  | { type: 'user.cancelUnlink' }
  | { type: 'user.confirmUnlink' }
  | { type: 'xstate.done.actor.unlinkPartner'; output: PartnerUnlinkAnswer }
  | { type: 'xstate.error.actor.unlinkPartner'; error: unknown };

export interface UnlinkPartnerRequest {
  hotelPartner: string;
}

export const HOTEL_PARTNER_INPUT_DEFAULTS: HotelPartnerInput = { signedIn: false, hotelPartner: 'lodgecrest' };

/** The request of `unlinkPartner` (POST /apiproxy/v1/rewards/partnerships/{hotelPartner}/unlink, no payload). */
export function unlinkPartnerRequest({ context }: { context: Pick<HotelPartnerContext, 'hotelPartner'> }): UnlinkPartnerRequest {
  if (!context.hotelPartner) throw new Error('unlinkPartner: no partner');
  return { hotelPartner: context.hotelPartner };
}

/** where each sign-in variant comes back to: linking → the redirect page, unlinking → the landing */
const returnAfterSignIn = (variant: AccountVariant, slug: string) => (variant === 'hotel-link' ? pathTo.hotelPartnerRedirect(slug) : pathTo.hotelPartner(slug));

export const hotelPartnerMachine = setup({
  types: { context: {} as HotelPartnerContext, events: {} as HotelPartnerEvent, input: {} as HotelPartnerInput },
  actors: {
    unlinkPartner: fromPromise<PartnerUnlinkAnswer, UnlinkPartnerRequest>(async () => notProvided('unlinkPartner')),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    isNotLinked: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.unlinkPartner');
      return asFlowError(event.error).code === PartnerCodes.notLinked;
    },
  },
  actions: {
    /** provided by the route: navigate to `context.destination` */
    redirect: () => {},
    applyInput: assign(({ event }) => inputOf<HotelPartnerInput>(event, HOTEL_PARTNER_INPUT_DEFAULTS)),
    goTo: assign(({ context }, params: { page: PartnerSubPath }) => ({ destination: pathTo.hotelPartnerSub(context.hotelPartner, params.page) })),
    goToSignIn: assign(({ context }, params: { variant: AccountVariant }) => ({
      destination: pathTo.signInVariantThen(params.variant, returnAfterSignIn(params.variant, context.hotelPartner)),
    })),
  },
}).createMachine({
  id: 'hotelPartner',
  description: 'The hotel partner landing: finish linking (through sign-in when signed out) and unlink with a confirm dialog.',
  meta: { title: 'Hotel partner (/rewards/partnerships/$hotelPartner)', spec: '3 §2 Partner landing page, §4 Partner link and unlink, §6, §8 Partner flow' },
  context: { signedIn: false, hotelPartner: 'lodgecrest', destination: null },
  entry: 'applyInput',
  initial: 'landing',
  states: {
    landing: {
      description: 'Hero with Join and Link, perks, steps, terms; Finish linking and Unlink your accounts.',
      on: {
        'user.finishLinking': [
          { guard: 'isSignedIn', target: 'leaving', actions: [{ type: 'goTo', params: { page: 'redirect' } }, 'redirect'] },
          { target: 'leaving', actions: [{ type: 'goToSignIn', params: { variant: 'hotel-link' } }, 'redirect'] },
        ],
        'user.openUnlink': [{ guard: 'isSignedIn', target: 'confirmingUnlink' }, { target: 'leaving', actions: [{ type: 'goToSignIn', params: { variant: 'hotel-unlink' } }, 'redirect'] }],
      },
    },
    confirmingUnlink: {
      description: "The dialog 'Unlink your accounts?' with Unlink and Cancel.",
      meta: { message: 'unlinkConfirmHeading' },
      on: { 'user.cancelUnlink': { target: 'landing' }, 'user.confirmUnlink': { target: 'unlinking' } },
    },
    unlinking: {
      description: 'The unlink call; the dialog stays open, its Unlink button busy.',
      tags: ['loading'],
      meta: { message: 'unlinkConfirmHeading' },
      invoke: {
        id: 'unlinkPartner',
        src: 'unlinkPartner',
        input: unlinkPartnerRequest,
        onDone: { target: 'leaving', actions: [{ type: 'goTo', params: { page: 'unlinked' } }, 'redirect'] },
        onError: [
          { guard: 'isNotLinked', target: 'leaving', actions: [{ type: 'goTo', params: { page: 'not-linked' } }, 'redirect'] },
          { target: 'leaving', actions: [{ type: 'goTo', params: { page: 'error' } }, 'redirect'] },
        ],
      },
    },
    leaving: {
      description: 'Gone to the redirect page, sign-in or a result page.',
      type: 'final',
    },
  },
});
