/**
 * The stream cards' own texts (chosen: spec 3 names the cards, not their words; docs/home.md 2.1). The shared home
 * texts (error block, buttons, loading label) are `HomeMessages` in home-messages.ts; these are the card-specific
 * ones, kept here so the stream views own them.
 */
export const HomeStreamTexts = {
  /** the stream's list heading (visually hidden) */
  streamHeading: 'For you',
  /** a reward coupon card */
  couponTitle: 'A Reward is ready for you',
  couponCode: (code: string) => `Code ${code}`,
  couponExpires: (date: string) => `Use it by ${date}.`,
  couponNotRedeemable: 'Not available to redeem.',
  /** the expiring-Stars card */
  expiryTitle: (stars: number) => `${stars} ${stars === 1 ? 'Star is' : 'Stars are'} expiring soon`,
  expiryBody: (date: string, total: number) => `They expire on ${date}. You have ${total} ${total === 1 ? 'Star' : 'Stars'} in all.`,
  /** the tier card's days left (spec 5 labels 'Today', '1 Day', '# Days') */
  daysLeft: (label: string) => (label === 'Today' ? 'Ends today' : `${label} left`),
  /** the onboarding block */
  onboardingDone: 'Done',
  onboardingPurchaseScan: 'Scan in store',
} as const;

/** 'Jun 25, 2026' in UTC (stream dates are instants at midnight UTC or expiry times) */
export const streamDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
