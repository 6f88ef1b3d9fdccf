import * as v from 'valibot';
import { AccountMessages } from './account-messages.ts';
import { OneTimeCode, Reputation, required, ReturnUrlField } from './account-fields.ts';

/** Sign-in and its second step (spec 2 section 2; contracts/account.ts re-exports them). */

/** POST /account/signin (optional ?returnUrl= or body returnUrl) → 200 SignInResponse and a new session cookie */
export const SignInRequest = v.object({
  username: required(v.pipe(v.string(AccountMessages.usernameRequired), v.trim(), v.nonEmpty(AccountMessages.usernameRequired), v.maxLength(254, AccountMessages.emailInvalid))),
  password: required(v.pipe(v.string(AccountMessages.passwordRequired), v.nonEmpty(AccountMessages.passwordRequired), v.maxLength(1024, AccountMessages.passwordTooLong))),
  rememberMe: v.optional(v.boolean(), false),
  market: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), 'US'),
  transactionSubType: v.optional(v.literal('signin'), 'signin'),
  reputation: Reputation,
  returnUrl: ReturnUrlField,
});
export type SignInRequest = v.InferInput<typeof SignInRequest>;

/** returnUrl: the sanitised return URL when one was given and is safe (contracts/return-url.ts), else absent */
export const SignInResponse = v.object({ returnUrl: v.optional(v.string()) });
export type SignInResponse = v.InferOutput<typeof SignInResponse>;

export const MfaChallengeMethod = v.object({
  /** identifies the challenge: send it back as challengeId (or methodId) with the code */
  id: v.string(),
  /** masked, e.g. '•••-•••-1234' */
  phoneNumber: v.string(),
  /** 'sent': a code went out to this phone (the only state this server produces today) */
  phoneSmsState: v.picklist(['sent', 'not-sent']),
});
export type MfaChallengeMethod = v.InferOutput<typeof MfaChallengeMethod>;

/**
 * Sign-in errors:
 *  401 { code/error: 'INVALID_CREDENTIALS', messageId: 'invalid-credentials', message: invalidCredentials }
 *      identical for an unknown email and a wrong password;
 *  401 { code/error: 'MFA_CHALLENGE_REQUIRED', message, challengeId, mfaChallengeMethods: [MfaChallengeMethod] }
 *      when the account has an MFA phone: an SMS code was put in the outbox; complete with POST /account/signin/mfa
 *      (429 RATE_LIMITED instead when more than 10 codes were sent to the account in the last hour);
 *  429 { code/error: 'RATE_LIMITED', message: rateLimited, retryAfterSeconds } after 5 failures in 15 minutes for
 *      one username (existing or not: the lockout does not reveal accounts) or 50 from one IP; Retry-After header.
 */
export const SignInErrorBody = v.looseObject({
  code: v.string(),
  error: v.string(),
  message: v.string(),
  messageId: v.optional(v.string()),
  challengeId: v.optional(v.string()),
  mfaChallengeMethods: v.optional(v.array(MfaChallengeMethod)),
  retryAfterSeconds: v.optional(v.number()),
});
export type SignInErrorBody = v.InferOutput<typeof SignInErrorBody>;

/**
 * POST /account/signin/mfa → 200 SignInResponse and a new session (mfaVerifiedAt set).
 * Errors: 400 INVALID_CODE (message invalidCode, field 'code'); 410 CODE_EXPIRED (10 minutes, 5 attempts, used).
 */
const ChallengeId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,64}$/, 'challengeId is not valid'));
export const SignInMfaRequest = v.pipe(
  v.object({
    /** the challengeId of the MFA_CHALLENGE_REQUIRED body */
    challengeId: v.optional(ChallengeId),
    /** or the id of the chosen mfaChallengeMethods entry (the same value) */
    methodId: v.optional(ChallengeId),
    code: required(OneTimeCode),
  }),
  v.forward(v.check((r) => !!(r.challengeId ?? r.methodId), 'challengeId is required'), ['challengeId']),
);
export type SignInMfaRequest = v.InferInput<typeof SignInMfaRequest>;

/**
 * POST /account/signin/mfa/resend { challengeId } → 200 { challengeId, mfaChallengeMethods }: a new code for a
 * pending sign-in challenge (the old code stops working). 410 CODE_EXPIRED when the challenge is used or expired;
 * 429 under the per-account SMS limit and within RESEND_CODE_AFTER_SECONDS of the last code ("not shown" in the
 * spec: docs/accounts.md).
 */
export const SignInMfaResendRequest = v.object({ challengeId: required(ChallengeId) });
export type SignInMfaResendRequest = v.InferInput<typeof SignInMfaResendRequest>;
export const SignInMfaResendResponse = v.object({
  challengeId: v.string(),
  mfaChallengeMethods: v.array(v.object({ id: v.string(), phoneNumber: v.string(), phoneSmsState: v.string() })),
});
export type SignInMfaResendResponse = v.InferOutput<typeof SignInMfaResendResponse>;
/** a new sign-in code is sent at most this often per challenge */
export const RESEND_CODE_AFTER_SECONDS = 30;
