/**
 * Cookie names the browser reads on every page (cookie consent, src/services/cookie-consent.ts). Kept apart from
 * contracts/privacy.ts so the app's entry chunk does not carry the privacy and account schemas (docs/architecture.md#performance).
 */
/** the cookie that carries a recorded privacy opt-out to the browser: advertising stays off (docs/consent.md) */
export const OPT_OUT_COOKIE = 'privacy_opt_out';
/** the cookie that stores the cookie-preferences choice */
export const COOKIE_PREFS_COOKIE = 'cookie_prefs';
