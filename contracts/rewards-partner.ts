import * as v from 'valibot';

/**
 * The hotel partner link and unlink (spec 3 sections 2 "Partner landing page", 4 "Partner link and unlink", 7, 8
 * "Partner flow", 9 "Partner redirect delay"; docs/rewards.md 2.3, 2.4, 3.7, 4.3). Written by R3 ahead of R4's
 * contracts/rewards*.ts, which may re-export these names (PARTNER_REDIRECT_DELAY_MS, PARTNER_SUB_PATHS, the schemas).
 */

/** spec 9: the redirect page waits 5 s before the authenticate call */
export const PARTNER_REDIRECT_DELAY_MS = 5000;
/** the one hotel programme (fictional "Lodgecrest Rewards"; decision of docs/rewards.md 1) */
export const HOTEL_PARTNER_SLUG = 'lodgecrest';
export const HOTEL_PARTNER_NAME = 'Lodgecrest Rewards';
/** spec 2: the sub-paths of /rewards/partnerships/{hotelPartner}; any other shows the error page */
export const PARTNER_SUB_PATHS = ['success', 'unlinked', 'error', 'not-linked', 'already-linked', 'redirect'] as const;
export type PartnerSubPath = (typeof PARTNER_SUB_PATHS)[number];
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
  errorHeading: 'Hmm.',
  errorBody: "Something didn't go as planned, but we're on it! Please try again.",
  /** spec 8: unlink error code 8001034 */
  notLinked: "You're actually not linked!",
  /** spec 8 */
  alreadyLinked: "You're already linked!",
  /** spec 8: unlink success */
  unlinked: 'Your accounts are now unlinked.',
  /** spec 8: link success */
  linked: "You're all set!",
  /** chosen: the link back to the partnership page on every result page */
  backToPartnership: 'Back to the partnership page',
  /** chosen: the redirect page while it waits and asks */
  redirecting: 'Taking you to Lodgecrest Rewards…',
  /** chosen: the confirm dialog */
  unlinkConfirmHeading: 'Unlink your accounts?',
  unlinkConfirmBody: "You'll stop earning Lodgecrest benefits with Harbor Rewards until you link again.",
  unlinkConfirm: 'Unlink',
  unlinkCancel: 'Cancel',
  /** the landing's link (spec 2) */
  unlinkLink: 'Unlink your accounts',
  /** chosen: the fallback page when the setting is off or the partner is unknown */
  unavailable: "This partnership isn't available right now.",
} as const;
export type PartnerMessageKey = keyof typeof PartnerMessages;
