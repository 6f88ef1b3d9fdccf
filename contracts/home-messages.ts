import { GENERIC_ERROR_MESSAGE } from './errors.ts';

/**
 * Home page, stream and order-history texts (spec 3 sections 2, 4, 8; docs/home.md sections 1, 2). "spec" texts are
 * literal from the spec and asserted as literals in view tests; "chosen" texts are ours (the spec names the message
 * without showing it). Machines hold message keys; views look the text up here. Parametrised texts are functions
 * (HomeTexts, greetingText in machines/greeting-text.ts).
 */
export const HomeMessages = {
  // --- page (spec 2 "Home stream")
  /** spec: the page title (src/views/shell/page-title.ts) */
  pageTitle: 'Home',
  /** spec: the bottom button to /account/cards/add */
  addCard: 'Add Card',
  /** chosen (spec: "a scan-in-store button to #pay", phone + signed in + a stored-value card) */
  scanInStore: 'Scan in store',
  /** spec (issue 28): the bottom button and the guest card's action to /menu */
  startOrder: 'Start an order',

  // --- greeting (spec 4 "Home stream")
  /** spec: signed-out visitors, under the heading */
  guestPrompt: 'Can we get something started for you?',

  // --- stream (spec 4, 8)
  /** chosen: the first part of the stream error block (spec: "an unexpected-error message") */
  streamFailed: 'Something unexpected happened.',
  /** spec: the second part of the stream error block */
  streamRefresh: 'Please try refreshing the page.',
  /** chosen: the stream's progress bar label */
  streamLoading: 'Loading your stream',
  /** chosen: the onboarding block's fallback header when the item carries none */
  onboardingHeader: 'Get started with Harbor Rewards',
  /** chosen: coupon card action (→ /menu/cart?offer=<code>) */
  couponRedeem: 'Redeem',
  /** chosen: expiring-stars card button under 25 total Stars (→ /menu) */
  expiryOrder: 'Order',
  /** chosen: the reload control (→ /account/cards#add-money) from 25 total Stars, and the low-balance Purchase CTA */
  addFunds: 'Add funds',
  /** spec 5: days-left labels of a tier-expiry card */
  daysLeftToday: 'Today',

  // --- signed-out: rewards carousel and educational cards (spec 2; docs/home.md 1)
  /** chosen: the carousel's heading */
  carouselHeading: 'Rewards you can get',
  /** chosen: carousel buttons (move one view) */
  carouselPrevious: 'Previous rewards',
  carouselNext: 'Next rewards',
  /** chosen: link of each carousel item (→ /rewards) */
  carouselLearnMore: 'Learn more',
  /** chosen: educational card "start an order" */
  guestOrderTitle: 'Order ahead',
  guestOrderBody: 'Choose a store, order from the menu and pick it up when it is ready.',
  /** chosen: educational card "register a card" */
  guestCardTitle: 'Register a card',
  guestCardBody: 'Add your Harbor Card to pay faster and earn Stars on every purchase.',
  /** chosen: the button that opens the register-card dialog */
  guestCardAction: 'Register a card',
  /** chosen: the register-card dialog (spec: "prompts sign-in or account creation first") */
  registerDialogTitle: 'Register a card',
  registerDialogBody: 'Sign in or create an account to register a card.',
  registerDialogSignIn: 'Sign in',
  registerDialogCreate: 'Create an account',
  registerDialogClose: 'Not now',

  // --- signed-in widgets
  /** chosen: status widget link (→ /account/rewards) */
  statusWidgetLink: 'View Rewards',
  /** chosen: order widget */
  lastOrderHeading: 'Your last order',
  reorder: 'Reorder',

  // --- order history, receipt, reorder (docs/home.md 1, 2.4, 2.5)
  /** chosen */
  historyTitle: 'Order history',
  /** chosen */
  receiptTitle: 'Receipt',
  /** chosen */
  historyEmpty: 'No orders yet.',
  /** chosen (spec 8: order-history errors "not shown") */
  historyLoadFailed: GENERIC_ERROR_MESSAGE,
  /** chosen */
  historyLoadMore: 'Show more',
  /** chosen */
  historyLoadMoreFailed: "Couldn't load more orders. Try again.",
  /** chosen (404 ORDER_NOT_FOUND) */
  orderNotFound: "We couldn't find that order.",
  /** chosen */
  reorderNothingAvailable: 'None of the items in this order are available at this store.',
  /** chosen */
  reorderFailed: GENERIC_ERROR_MESSAGE,
} as const;

export type HomeMessageKey = keyof typeof HomeMessages;

/** parametrised home texts (chosen unless marked) */
export const HomeTexts = {
  /** spec 5: days left of a tier-expiry card: 'Today', '1 Day', '# Days' */
  daysLeft: (n: number) => (n <= 0 ? HomeMessages.daysLeftToday : `${n} ${n === 1 ? 'Day' : 'Days'}`),
  /** chosen: the reorder toast naming the items left out */
  reorderPartly: (names: readonly string[]) => `Not available at this store, left out: ${names.join(', ')}.`,
  /** chosen: a carousel item's heading */
  carouselTier: (stars: number) => `${stars} Stars`,
  /** chosen: Stars earned on an order */
  starsEarned: (n: number) => `+${n} ${n === 1 ? 'Star' : 'Stars'}`,
} as const;

/**
 * Greeting words (chosen; docs/home.md 2.3). Seasonal sets put their word before the period ('Crisp morning'); the
 * default set says 'Good <period>' and adds the period's emoji. Signed in: ', {firstName}' after the phrase.
 */
export const GreetingWords = {
  autumn: 'Crisp',
  holiday: 'Merry',
  winter: 'Cozy',
  backToTheBrand: 'Fresh',
  summerOne: 'Sunny',
  summerTwo: 'Golden',
  default: 'Good',
} as const;

export type Season = keyof typeof GreetingWords;
export type DayPeriod = 'morning' | 'afternoon' | 'evening';

/** the default set's emoji per period */
export const GreetingEmoji: Record<DayPeriod, string> = { morning: '☀️', afternoon: '👋', evening: '🌙' };
