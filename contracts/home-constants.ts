/**
 * Home stream, greeting and order-history constants (spec 3 section 9; docs/home.md section 4). Small and
 * schema-free so pages, machines and the server import them without valibot.
 */
import { EXPIRING_STARS_CARD_THRESHOLD } from './rewards-constants.ts';

/** spec 9: a refetch of the stream is skipped when the last fetch is under 5 minutes old (on /account/for-you) */
export const STREAM_STALE_MS = 300_000;
/** spec 9: a completed onboarding card is marked seen (and collapses) 5 s after it is displayed */
export const ONBOARDING_SEEN_DELAY_MS = 5000;
/** spec 9: a completed onboarding task stays shown for 2 days after its completion */
export const ONBOARDING_COMPLETED_SHOWN_MS = 172_800_000;
/** spec 9: the expiring-stars card shows 'Order' under this many total Stars, the reload control from it */
export { EXPIRING_STARS_CARD_THRESHOLD };
/** spec 9: low balance = an initial registered card balance under 5 (dollars) */
export const LOW_BALANCE_THRESHOLD = 5;
/** spec 9: greeting boundaries (hours, member's time zone): morning before 12, afternoon 12 to before 17, evening from 17 */
export const GREETING_BOUNDARIES = [12, 17] as const;
/** design 2.3: the route re-reads the clock this often so the greeting turns at 12:00 and 17:00 on an open page */
export const GREETING_TICK_MS = 60_000;
/* STREAM_ITEM_TYPES lives in contracts/home.ts (h1, with the valibot shapes) */
/** spec 3: onboarding task names (SvcReload is sent but never shown, spec 5) */
export const ONBOARDING_TASKS = ['MOP', 'Purchase', 'SvcReload'] as const;
export type OnboardingTask = (typeof ONBOARDING_TASKS)[number];
/** spec 2: the signed-out rewards carousel shows 1, 2, 3 or 4 items per view; keys are min-widths in px (home.css) */
export const CAROUSEL_PER_VIEW = { 0: 1, 480: 2, 768: 3, 1024: 4 } as const;
/** design 4: order-history page size (keyset pages) and the server's maximum */
export const ORDER_HISTORY_PAGE_SIZE = 10;
export const ORDER_HISTORY_MAX_LIMIT = 20;
/** design 3.1: each stream source must answer within this, else the answer is a 206 naming it */
export const STREAM_SOURCE_TIMEOUT_MS = 1000;

/** the stream's locales (the four app locales; contracts/home.ts validates `locale` against them): schema-free, so the
 * home route's module, which loads with the entry chunk, does not pull the stream's valibot schemas in */
export const STREAM_LOCALES = ['en-US', 'en-CA', 'fr-CA', 'en-GB'] as const;
