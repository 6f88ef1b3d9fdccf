import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-constants.ts';

/**
 * Accounts and sessions (spec 2: sections 2 "Sign-in and session", "Password recovery", "Account creation",
 * "Personal details and settings"; 3; 4; 5; 8 "Account and session"; 9).
 * Shared by the server (validation of what it takes) and the client (forms validate with the same schemas,
 * and parse what they receive). All paths are under /apiproxy/v1. Every state-changing call needs the
 * X-CSRF-Token header (server/http/csrf.ts). Errors have the shape of contracts/errors.ts:
 *   { code, message, field?, ...extras }
 * Request validation failures are 400 { code: 'BAD_REQUEST', message: '<field>: <message>', field, issues }
 * unless an endpoint below says otherwise. See docs/accounts.md for the full endpoint list.
 */

// ---------------------------------------------------------------------------------------------------------------
// Messages and codes

export { AccountMessages, AccountErrorCodes, MfaChallengeErrorCode, PartialSuccessMessages } from './account-messages.ts';
// The reads' answers (profile, partner number, reset-link status) are contracts/account-reads.ts; only their types
// are re-exported here: a value re-export would make every account page load that module as a chunk of its own.
export type { Profile, PartnerNumber } from './account-reads.ts';

// ---------------------------------------------------------------------------------------------------------------
// Limits (spec 9 and docs/accounts.md)

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
/** new passwords may not equal the current one or the previous 4 */
export const PASSWORD_HISTORY = 5;
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_MS = 10 * 60_000;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const SSO_TOKEN_TTL_MS = 5 * 60_000;
export { REAUTH_WINDOW_MS } from './account-constants.ts';
export const SIGNIN_MAX_FAILURES_PER_USERNAME = 5;
export const SIGNIN_MAX_FAILURES_PER_IP = 50;
export const SIGNIN_WINDOW_MS = 15 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Schemas, one module per flow (a page loads only its own: docs/architecture.md#performance); re-exported here for the
// server and the tests. Client modules import the flow's module, not this one.

export * from './account-fields.ts';
export * from './password-policy.ts';
export * from './account-signin.ts';
export * from './account-sso.ts';
export * from './account-signout.ts';
export * from './account-recovery.ts';
export * from './account-create.ts';
export * from './account-profile.ts';
export * from './account-preferences.ts';
export * from './account-password.ts';
export * from './account-email.ts';
export * from './account-mfa.ts';
import { EmailAddress, Reputation, ReturnUrlField } from './account-fields.ts';

/** POST /account/signin/sso/:token (the answer: account-sso.ts) */
export const SsoSignInRequest = v.object({ reputation: Reputation });
/** POST /account/signout (the answer: account-signout.ts) */
export const SignOutRequest = v.object({ returnUrl: ReturnUrlField });

// ---------------------------------------------------------------------------------------------------------------
// Development tools (only when config.devTools)

/** GET /apiproxy/v1/dev/outbox?recipient=&kind=&limit= → { messages } newest first */
export const OutboxMessage = v.object({
  id: v.number(),
  channel: v.picklist(['email', 'sms']),
  recipient: v.string(),
  subject: v.string(),
  body: v.string(),
  link: v.nullable(v.string()),
  kind: v.string(),
  /** the 6-digit code in the body, when there is one */
  code: v.nullable(v.string()),
  createdAt: v.string(),
  /** mail headers stored with the message (marketing mail: List-Unsubscribe, List-Unsubscribe-Post) */
  headers: v.optional(v.record(v.string(), v.string())),
  /**
   * delivery by the SMTP dispatcher (migration 057, docs/operations.md): 'pending' until sent (forever without
   * SMTP_URL; SMS always), 'sending', 'sent', 'failed', 'expired'; 'held' for rows older than the dispatcher
   */
  status: v.picklist(['held', 'pending', 'sending', 'sent', 'failed', 'expired']),
  attempts: v.number(),
  sentAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessage>;
export const OutboxResponse = v.object({ messages: v.array(OutboxMessage) });

/** POST /apiproxy/v1/dev/sso-token { email?, returnUrl? } (email defaults to the signed-in user) → DevSsoTokenResponse */
export const DevSsoTokenRequest = v.object({ email: v.optional(EmailAddress), returnUrl: ReturnUrlField });
export const DevSsoTokenResponse = v.object({ token: v.string(), url: v.string(), expiresAt: v.string() });
export type DevSsoTokenResponse = v.InferOutput<typeof DevSsoTokenResponse>;
