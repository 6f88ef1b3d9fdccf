import * as v from 'valibot';
import { EmailAddress } from './account-fields.ts';
import { PrivacyMessages, UnsubscribeMessages } from './privacy-messages.ts';

/**
 * Privacy opt-out, cookie preferences and unsubscribe (spec 2 sections 2, 4, 5, 7, 8; issue 11; docs/consent.md).
 * Texts the spec gives are literal; the others ("not shown") are ours.
 */
export { PrivacyMessages, UnsubscribeMessages };

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
