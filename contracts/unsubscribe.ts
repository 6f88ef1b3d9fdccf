import * as v from 'valibot';

/**
 * Unsubscribing from marketing mail (issue 11, docs/consent.md): POST /apiproxy/v1/unsubscribe { token } → { type }.
 * Apart from contracts/privacy.ts (which re-exports it), so /unsubscribe does not load the opt-out's schemas.
 */
export const UNSUBSCRIBE_TYPES = ['promotional', 'personalized'] as const;
export type UnsubscribeType = (typeof UNSUBSCRIBE_TYPES)[number];
/** 30 days: a link in an old mail stops working (docs/consent.md) */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 30 * 86400;

/** an unsubscribe token: base64url payload '.' base64url HMAC-SHA256 */
export const UnsubscribeToken = v.pipe(v.string(), v.maxLength(400), v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/, 'is not an unsubscribe link we sent'));
export const UnsubscribeRequest = v.object({ token: UnsubscribeToken });
export const UnsubscribeResponse = v.object({ type: v.picklist(UNSUBSCRIBE_TYPES) });
export type UnsubscribeResponse = v.InferOutput<typeof UnsubscribeResponse>;
