import { GENERIC_ERROR_MESSAGE } from './errors.ts';

/**
 * Rewards texts (spec 3 sections 2, 8; docs/rewards.md sections 1 and 2). "spec" texts are literal from the spec and
 * asserted as literals in view tests (src/test/spec-texts.ts REWARDS_TEXTS); "chosen" texts are ours (the spec
 * names the page or message without showing it). Machines hold message keys; views look the text up here.
 * Parametrised texts are functions (RewardsTexts).
 */
export const RewardsMessages = {
  // --- spec 8 "Rewards and stream"
  /** spec: the rewards error page heading (RewardsError, the opt-in error page) */
  rewardsErrorHeading: 'Uh oh!',
  /** spec (GENERIC_ERROR_MESSAGE): the body of the 'Uh oh!' page when a summary read fails */
  generic: GENERIC_ERROR_MESSAGE,
  /** spec: universal-benefits box with no known, enabled card */
  benefitsFallback: 'Benefits information will be available soon.',

  // --- spec 8 "Promo redemption" (docs/rewards.md 2.1)
  /** spec */
  promoSuccess: 'Success!',
  /** spec (the note): the success view's second line */
  promoSuccessNote: 'Your Reward may take up to 24 hours to show.',
  /** spec */
  promoIneligible: "Looks like you're not eligible for this offer.",
  /** spec */
  promoInvalid: 'Looks like this offer could not be validated. Please try again.',
  /** spec */
  promoExpired: 'Looks like this offer can no longer be redeemed.',
  /** spec */
  promoTooSoon: 'Looks like you tried to redeem this offer too soon. Try again later.',
  /** spec: "all others generic" */
  promoGeneric: GENERIC_ERROR_MESSAGE,

  // --- spec 8 "Opt-in pages" (docs/rewards.md section 1 table)
  /** spec */
  optInErrorHeading: 'Uh oh!',
  /** spec */
  optInErrorBody: "We're working on this issue, so please try again soon. For immediate help, please visit our customer service page.",
  /** spec */
  optInExpiredBody: 'This offer expired.',
  /** spec */
  optInExpiredMultiplierBody: 'This event is over.',
  /** chosen */
  optInSuccessHeading: "You're in!",
  /** chosen */
  optInSuccessBody: 'Your bonus is ready: earn it on your next orders.',
  /** chosen */
  optInSuccessMultiplierBody: 'Earn bonus Stars on every order during the event.',
  /** chosen */
  optInActiveChoiceHeading: 'You already chose this offer',
  /** chosen */
  optInActiveChoiceBody: 'Your bonus is active: earn it on your next orders.',
  /** chosen */
  optInActiveHeading: "You're already in",
  /** chosen */
  optInActiveMultiplierBody: 'The event is on: earn bonus Stars on every order until it ends.',
  /** chosen */
  optInActiveExternalBody: 'You joined this offer elsewhere; it is active on your account.',
  /** chosen */
  optInExpiredHeading: 'Sorry!',
  /** chosen wording of the spec's "disclaimer that the offer is exclusive to the account" */
  optInDisclaimer: 'This offer is exclusive to your account and cannot be transferred.',
  /** chosen (spec: "an 'Order now' button to /menu") */
  orderNow: 'Order now',
  /** chosen: the error page's link to config.cards.commonQuestionsUrl */
  customerService: 'customer service page',

  // --- spec 8 "Partner flow" (docs/rewards.md 2.3, 2.4)
  /** spec */
  partnerErrorHeading: 'Hmm.',
  /** spec */
  partnerErrorBody: "Something didn't go as planned, but we're on it! Please try again.",
  /** spec */
  partnerNotLinked: "You're actually not linked!",
  /** spec */
  partnerAlreadyLinked: "You're already linked!",
  /** spec */
  partnerUnlinked: 'Your accounts are now unlinked.',
  /** spec */
  partnerLinked: "You're all set!",
  /** spec: the link that opens the unlink dialog */
  partnerUnlinkLink: 'Unlink your accounts',
  /** chosen */
  partnerUnlinkDialogTitle: 'Unlink your accounts?',
  /** chosen */
  partnerUnlinkConfirm: 'Unlink',
  /** chosen */
  partnerUnlinkCancel: 'Cancel',
  /** chosen: the setting off or an unknown partner */
  partnerFallback: "This partnership isn't available right now.",
  /** chosen */
  partnerRedirecting: 'Taking you to Lodgecrest Rewards…',
  /** chosen: the error page's link back to the landing page */
  partnerBackToLanding: 'Back to the partnership page',

  // --- rewards pages (chosen unless marked; docs/rewards.md section 1)
  /** chosen: the 'Uh oh!' page's action */
  tryAgain: 'Try again',
  /** spec: the flag-on hero link */
  joinNow: 'Join Now',
  /** spec: the three cards */
  earnStars: 'Earn Stars',
  getRewarded: 'Get Rewarded',
  indulgeInBenefits: 'Indulge in the Benefits',
  /** spec: the sub-navigation tabs */
  howItWorks: 'How It Works',
  myRewards: 'My Rewards',
  /** chosen: the questions block */
  questionsHeading: 'Questions?',
  questionsLink: 'See Rewards questions',
  /** chosen: the flag-off page's ways-to-pay section */
  waysToPayHeading: 'Ways to pay',
  /** chosen: expiring Stars fetch failed (spec: "an error action with no visible message": the block is hidden) */
  noExpiringStars: 'No Stars expiring soon.',
} as const;
export type RewardsMessageKey = keyof typeof RewardsMessages;

/** Parametrised texts: in rewards-texts.ts (the home page's status widget reads them without this catalogue). */
export { RewardsTexts } from './rewards-texts.ts';
