import * as v from 'valibot';
import { EmailAddress } from './account-fields.ts';
import { PrivacyMessages, UnsubscribeMessages } from './privacy-messages.ts';

/**
 * Privacy opt-out, cookie preferences and unsubscribe (spec 2 sections 2, 4, 5, 7, 8; issue 11; docs/consent.md).
 * Texts the spec gives are literal; the others ("not shown") are ours.
 */
export { PrivacyMessages, UnsubscribeMessages };
// Unsubscribing's schemas are contracts/unsubscribe.ts, not re-exported here: a re-export would bring them to the opt-out
// pages, and the opt-out's to /unsubscribe (docs/architecture.md#performance).

/** POST /apiproxy/v1/privacy/opt-out (spec 2 section 7: "optIn false, email"; path not shown) */
export const PrivacyOptOutRequest = v.object({ email: v.optional(EmailAddress, ''), optIn: v.literal(false, 'must be false') });
export type PrivacyOptOutRequest = v.InferOutput<typeof PrivacyOptOutRequest>;
export const PrivacyOptOutForm = v.object({ email: v.optional(EmailAddress, '') });

/** GET/PUT /apiproxy/v1/account/privacy */
export const PrivacySettings = v.object({ optedOut: v.boolean() });
export type PrivacySettings = v.InferOutput<typeof PrivacySettings>;

export { OPT_OUT_COOKIE, COOKIE_PREFS_COOKIE } from './cookie-names.ts';
