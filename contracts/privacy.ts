import * as v from 'valibot';
import { EmailAddress } from './account.ts';

/**
 * Privacy opt-out, cookie preferences and unsubscribe (spec 2 sections 2, 4, 5, 7, 8; issue 11; docs/consent.md).
 * Texts the spec gives are literal; the others ("not shown") are ours.
 */
export const PrivacyMessages = {
  title: 'Do Not Sell or Share My Personal Information',
  paragraphs: (brand: string) => [
    `${brand} does not sell your personal information for money. Some sharing with advertising partners, such as the cookies that show you our ads on other sites, can count as a "sale" or "sharing" under privacy laws.`,
    'Enter your email address below to ask us not to sell or share your personal information. We will apply your request to the information we hold under that email address, whether or not you have an account.',
    'Cookies are stored by your browser, so they are handled separately: use the cookie preferences to turn off advertising cookies on this browser.',
  ],
  emailLabel: 'Email address',
  submit: 'Submit request',
  manageCookies: 'Manage cookie preferences',
  confirmationHeading: 'We got your submission',
  confirmationText: "If this email is in our system, we've noted your preferences. It can take up to 15 days for them to take effect everywhere.",
  settingsHeading: 'Do Not Sell or Share My Personal Information',
  settingsOptedOut: 'You asked us not to sell or share your personal information.',
  settingsNotOptedOut: 'We may share your personal information with advertising partners.',
  settingsToggle: 'Do not sell or share my personal information',
} as const;

/** /unsubscribe/complete (spec 2 section 2; section 8 'Can't unsubscribe'). */
export const UnsubscribeMessages = {
  personalizedHeading: "You're unsubscribed from emails based on your info",
  promotionalHeading: "You're unsubscribed from promotional emails",
  parting: "We're sorry to see you go. You can choose which emails you get at any time.",
  managePreferences: 'Manage communication preferences',
  failedHeading: "Can't unsubscribe",
  failedText: 'Something unexpected went wrong and we could not unsubscribe you. Change your preferences in your account instead.',
  changePreferences: 'Change your preferences',
  working: 'Unsubscribing…',
} as const;

export const UNSUBSCRIBE_TYPES = ['promotional', 'personalized'] as const;
export type UnsubscribeType = (typeof UNSUBSCRIBE_TYPES)[number];
/** 30 days: a link in an old mail stops working (docs/consent.md) */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 30 * 86400;

/** POST /apiproxy/v1/privacy/opt-out (spec 2 section 7: "optIn false, email"; path not shown) */
export const PrivacyOptOutRequest = v.object({ email: v.optional(EmailAddress, ''), optIn: v.literal(false, 'must be false') });
export type PrivacyOptOutRequest = v.InferOutput<typeof PrivacyOptOutRequest>;
export const PrivacyOptOutForm = v.object({ email: v.optional(EmailAddress, '') });

/** GET/PUT /apiproxy/v1/account/privacy */
export const PrivacySettings = v.object({ optedOut: v.boolean() });
export type PrivacySettings = v.InferOutput<typeof PrivacySettings>;

/** an unsubscribe token: base64url payload '.' base64url HMAC-SHA256 */
export const UnsubscribeToken = v.pipe(v.string(), v.maxLength(400), v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/, 'is not an unsubscribe link we sent'));
export const UnsubscribeRequest = v.object({ token: UnsubscribeToken });
export const UnsubscribeResponse = v.object({ type: v.picklist(UNSUBSCRIBE_TYPES) });
export type UnsubscribeResponse = v.InferOutput<typeof UnsubscribeResponse>;

export { OPT_OUT_COOKIE, COOKIE_PREFS_COOKIE } from './cookie-names.ts';
