/**
 * The sign-in and create-account page variants' names (spec 2 section 2), the values of the `variant` search
 * parameter. A module of its own: the account routes' search schema (src/routes/-account/search.ts, in the entry)
 * needs only the names, and the variants' texts (variants.ts) load with the two pages that show them.
 */
export const ACCOUNT_VARIANTS = ['hotel-link', 'hotel-unlink', 'airline', 'promo'] as const;
export type AccountVariant = (typeof ACCOUNT_VARIANTS)[number];
