import * as v from 'valibot';
import { RewardsMessages } from './rewards-messages.ts';
import { HOTEL_PARTNER_NAME, HOTEL_PARTNER_SLUG, PARTNER_REDIRECT_DELAY_MS, PARTNER_SUB_PATHS, type PartnerSubPath } from './rewards-constants.ts';

/**
 * The hotel partner link and unlink (spec 3 sections 2 "Partner landing page", 4 "Partner link and unlink", 7, 8
 * "Partner flow", 9 "Partner redirect delay"; docs/rewards.md 2.3, 2.4, 3.7, 4.3). The constants are R4's
 * (contracts/rewards-constants.ts); the spec texts are RewardsMessages' (contracts/rewards-messages.ts), copied into
 * PartnerMessages, the catalogue of the two partner machines and views. PartnerAuthenticateAnswer here is stricter than
 * contracts/rewards.ts's (an http(s) URL or a same-origin path).
 */

export { HOTEL_PARTNER_NAME, HOTEL_PARTNER_SLUG, PARTNER_REDIRECT_DELAY_MS, PARTNER_SUB_PATHS, type PartnerSubPath };
/** the result pages (every sub-path but the redirect page) */
export const PARTNER_RESULT_PAGES = ['success', 'unlinked', 'error', 'not-linked', 'already-linked'] as const;
export type PartnerResultPage = (typeof PARTNER_RESULT_PAGES)[number];
export const partnerResultPage = (sub: string): PartnerResultPage => ((PARTNER_RESULT_PAGES as readonly string[]).includes(sub) ? (sub as PartnerResultPage) : 'error');

export const PartnerCodes = {
  /** spec 8: the unlink error code of a member who is not linked */
  notLinked: '8001034',
  alreadyLinked: 'ALREADY_LINKED',
  partnerNotFound: 'PARTNER_NOT_FOUND',
} as const;

/** the partner slug of a URL: lower-case letters and hyphens, 1 to 40 */
export const HotelPartnerSlug = v.pipe(v.string(), v.regex(/^[a-z][a-z-]{0,39}$/, 'an unknown partner'));

/** GET …/authenticate answer (spec 7: "reads redirectURL") */
export const PartnerAuthenticateAnswer = v.object({
  redirectURL: v.pipe(
    v.string(),
    v.maxLength(2048),
    v.check((u) => /^https?:\/\/[^/\\]/.test(u) || /^\/[^/\\]/.test(u), 'an absolute http(s) URL or a same-origin path'),
  ),
});
export type PartnerAuthenticateAnswer = v.InferOutput<typeof PartnerAuthenticateAnswer>;
/** POST …/unlink answer */
export const PartnerUnlinkAnswer = v.object({ unlinked: v.literal(true) });
export type PartnerUnlinkAnswer = v.InferOutput<typeof PartnerUnlinkAnswer>;

/** the partner's form POST to …/callback (docs/rewards.md 3.7) */
export const PartnerCallbackForm = v.object({
  state: v.pipe(v.string(), v.maxLength(1024), v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)),
  partnerMemberId: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{9}$/))),
  outcome: v.picklist(['linked', 'cancelled']),
});
export type PartnerCallbackForm = v.InferOutput<typeof PartnerCallbackForm>;

/** the sign-in page's variants for the two partner actions (src/views/account/variant-names.ts) */
export const PARTNER_SIGN_IN_VARIANTS = { link: 'hotel-link', unlink: 'hotel-unlink' } as const;

/**
 * The texts of the partner pages. "spec" ones are literal from spec 3 section 8 "Partner flow"; "chosen" ones are
 * ours (the spec shows the element, not its words). Machines name them by key; views look them up.
 */
export const PartnerMessages = {
  /** spec 8: the error page */
  errorHeading: RewardsMessages.partnerErrorHeading,
  errorBody: RewardsMessages.partnerErrorBody,
  /** spec 8: unlink error code 8001034 */
  notLinked: RewardsMessages.partnerNotLinked,
  /** spec 8 */
  alreadyLinked: RewardsMessages.partnerAlreadyLinked,
  /** spec 8: unlink success */
  unlinked: RewardsMessages.partnerUnlinked,
  /** spec 8: link success */
  linked: RewardsMessages.partnerLinked,
  /** chosen: the link back to the partnership page on every result page */
  backToPartnership: 'Back to the partnership page',
  /** chosen: the redirect page while it waits and asks */
  redirecting: 'Taking you to Lodgecrest Rewards…',
  /** chosen: the confirm dialog */
  unlinkConfirmHeading: RewardsMessages.partnerUnlinkDialogTitle,
  unlinkConfirmBody: "You'll stop earning Lodgecrest benefits with Harbor Rewards until you link again.",
  unlinkConfirm: RewardsMessages.partnerUnlinkConfirm,
  unlinkCancel: RewardsMessages.partnerUnlinkCancel,
  /** the landing's link (spec 2) */
  unlinkLink: RewardsMessages.partnerUnlinkLink,
  /** chosen: the fallback page when the setting is off or the partner is unknown */
  unavailable: RewardsMessages.partnerFallback,
};
export type PartnerMessageKey = keyof typeof PartnerMessages;
