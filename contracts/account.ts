import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PARTIAL_SUCCESS_MESSAGE_IDS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-constants.ts';
import { strengthProblem, userInputsFor } from './password-strength.ts';

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
import { AccountMessages } from './account-messages.ts';
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
// Field schemas (forms use these too)

/**
 * A required text field whose absence gets the field's own message (valibot would otherwise report a missing
 * key with a generic "Invalid key" message): a missing value is validated as ''.
 */
const required = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, '');

export const EmailAddress = v.pipe(
  v.string(AccountMessages.emailRequired),
  v.trim(),
  v.nonEmpty(AccountMessages.emailRequired),
  v.maxLength(EMAIL_MAX_LENGTH, AccountMessages.emailInvalid),
  v.email(AccountMessages.emailInvalid),
);

/** Password policy as far as the client can check it; the server also refuses common passwords and the email. */
export const NewPassword = v.pipe(
  v.string(AccountMessages.addPassword),
  v.nonEmpty(AccountMessages.addPassword),
  v.minLength(PASSWORD_MIN_LENGTH, AccountMessages.passwordTooShort),
  v.maxLength(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
);

export type PasswordProblem = { code: '111011' | '111022'; messageId: string; message: string };

/**
 * The password policy (ASVS 5.0): 8 to 128 characters (any characters, spaces included, compared after NFKC),
 * not the account's email address, not one of the 3,000 most common passwords and not guessable by zxcvbn-ts
 * (score 3 or more with the email and names as user inputs): contracts/password-strength.ts. The strength part
 * applies once `loadPasswordStrength()` has loaded the dictionaries (the server always awaits it; the client's
 * new-password routes load it lazily). Returns null when fine.
 */
export function passwordProblem(password: string | undefined | null, email?: string, names: Array<string | null | undefined> = []): PasswordProblem | null {
  if (!password) return { code: '111011', messageId: 'password-missing', message: AccountMessages.addPassword };
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) return { code: '111022', messageId: 'password-too-short', message: AccountMessages.passwordTooShort };
  if (length > PASSWORD_MAX_LENGTH) return { code: '111022', messageId: 'password-too-long', message: AccountMessages.passwordTooLong };
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    return { code: '111022', messageId: 'password-equals-email', message: AccountMessages.passwordIsEmail };
  const strength = strengthProblem(password, userInputsFor(email, names));
  if (strength === 'too-common') return { code: '111022', messageId: 'password-too-common', message: AccountMessages.passwordTooCommon };
  if (strength === 'too-guessable') return { code: '111022', messageId: 'password-too-guessable', message: AccountMessages.passwordTooGuessable };
  return null;
}

// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f<>]*$/;
const PersonName = (required: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(NAME_MAX_LENGTH, AccountMessages.nameTooLong), v.regex(NO_CONTROL, AccountMessages.nameInvalid));

/** 10 digits; spaces, dots, dashes and parentheses are removed first ("(206) 555-0100" is fine). */
export const PhoneNumber = v.pipe(
  v.string(AccountMessages.phoneInvalid),
  v.transform((s) => s.replace(/[\s().-]/g, '')),
  v.regex(/^[0-9]{10}$/, AccountMessages.phoneInvalid),
);

export const OneTimeCode = v.pipe(v.string(AccountMessages.invalidCode), v.trim(), v.regex(/^[0-9]{6}$/, AccountMessages.invalidCode));

/** Device and fraud reputation data sent with sign-in, SSO and account creation; recorded, never echoed. */
export const Reputation = v.optional(
  v.looseObject({
    /** documented test hook: 'high' makes account creation fail with type 'reputation' */
    risk: v.optional(v.string()),
  }),
  {},
);

const ReturnUrlField = v.optional(v.pipe(v.string(), v.maxLength(2048)));

// ---------------------------------------------------------------------------------------------------------------
// Sign-in, MFA, SSO, sign-out

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

/**
 * POST /account/signin/sso/:token?returnUrl= { reputation } → 200 { returnUrl } (returnUrl '/account/for-you'
 * when none or unsafe) and a new session. 401 SSO_TOKEN_INVALID for unknown, used or expired tokens (5 minutes).
 */
export const SsoSignInRequest = v.object({ reputation: Reputation });
export const SsoSignInResponse = v.object({ returnUrl: v.string() });
export type SsoSignInResponse = v.InferOutput<typeof SsoSignInResponse>;

/** POST /account/signout { returnUrl? } → 200 { returnUrl } ('/' when none or unsafe); session row and cookie gone. */
export const SignOutRequest = v.object({ returnUrl: ReturnUrlField });
export const SignOutResponse = v.object({ returnUrl: v.string() });

// ---------------------------------------------------------------------------------------------------------------
// Password recovery

/**
 * POST /account/forgot-password → always 200 { ok: true } (whether or not the account exists; at most 3 emails
 * per address per hour are sent, silently). 429 RATE_LIMITED after 20 requests per hour from one IP.
 * The email links to /account/reset-password/<token> (1 hour, single use, earlier links stop working).
 */
export const ForgotPasswordRequest = v.object({
  emailAddress: required(EmailAddress),
  /** defaults to the email; when given it must be the same address (there are no separate usernames) */
  userName: v.optional(v.pipe(v.string(), v.maxLength(254))),
});
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequest>;
export const OkResponse = v.object({ ok: v.literal(true) });

export const ResetToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));


/**
 * POST /account/reset-password → 200 { ok: true }; every session of the user ends. Errors (field 'newPassword'):
 * 400 '111011' Add password; 400 '111022' policy (messageId password-too-short | password-too-long |
 * password-too-common | password-equals-email); 400 '111084' reuse; 410 'RESET_TOKEN_EXPIRED'.
 * Any other code: show 'Password reset failed'.
 */
export const ResetPasswordRequest = v.object({
  newPassword: v.optional(v.string(), ''),
  token: v.pipe(v.string(), v.maxLength(100)),
});
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Account creation

export const CreateAccountErrorType = v.picklist(['validation', 'card-registration', 'reputation', 'unknown-code']);
export type CreateAccountErrorType = v.InferOutput<typeof CreateAccountErrorType>;

const Consent = v.optional(v.boolean(), false);

/**
 * POST /account/create → 200 { userExId } and the new user is signed in.
 * Product email flag: receive{product}EmailCommunications with the product 'Harbor'.
 * Physical card test numbers and the digital-card failure hook: docs/accounts.md.
 */
export const CreateAccountRequest = v.pipe(
  v.object({
    firstName: required(PersonName(AccountMessages.firstNameRequired)),
    lastName: required(PersonName(AccountMessages.lastNameRequired)),
    emailAddress: required(EmailAddress),
    password: required(NewPassword),
    /** must be true */
    termsAndConditions: v.pipe(v.optional(v.boolean(AccountMessages.termsRequired), false), v.check((t) => t === true, AccountMessages.termsRequired)),
    /** required (true) only when config account.includeStorageConsent is on */
    storageConsent: v.optional(v.boolean()),
    cardRewards: v.optional(v.picklist(['digitalCard', 'registerCard']), 'digitalCard'),
    registerCardNumber: v.optional(v.string()),
    registerCardPin: v.optional(v.string()),
    receiveHarborEmailCommunications: Consent,
    receiveGeneralEmailCommunications: Consent,
    receivePersonalizedEmailCommunications: Consent,
    country: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)), 'US'),
    locale: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2}-[A-Z]{2}$/)), 'en-US'),
    registrationSource: v.optional(v.literal('Web'), 'Web'),
    reputation: Reputation,
    returnUrl: ReturnUrlField,
  }),
  v.forward(
    v.check((f) => f.cardRewards !== 'registerCard' || /^[0-9]{16}$/.test(f.registerCardNumber ?? ''), AccountMessages.cardNumberInvalid),
    ['registerCardNumber'],
  ),
  v.forward(
    v.check((f) => f.cardRewards !== 'registerCard' || /^[0-9]{8}$/.test(f.registerCardPin ?? ''), AccountMessages.cardPinInvalid),
    ['registerCardPin'],
  ),
);
export type CreateAccountRequest = v.InferInput<typeof CreateAccountRequest>;

export const CreateAccountResponse = v.object({ userExId: v.string(), returnUrl: v.optional(v.string()) });
export type CreateAccountResponse = v.InferOutput<typeof CreateAccountResponse>;

/**
 * Create-account error body (plus `code`):
 *  400 type 'validation': field (the form field's name), message, messageId; code 'BAD_REQUEST',
 *      'EMAIL_NOT_AVAILABLE', '111011' or '111022';
 *  422 type 'card-registration': the account WAS created and the user IS signed in (userExId present);
 *      cardType 'digital' → /account/create/partial-success/<messageId>;
 *      cardType 'physical' → /account/cards?mode=from_account_create&card_error=<errorCode>;
 *      errorCode '121001' (messageId card-information-error), '122000' or '121030' (card-state-error),
 *      'DIGITAL_CARD_PROVISION_ERROR' (card-state-error);
 *  403 type 'reputation' (code REPUTATION_REJECTED); 429 / 5xx type 'unknown-code'.
 */
export const CreateAccountErrorBody = v.looseObject({
  code: v.string(),
  message: v.string(),
  type: CreateAccountErrorType,
  messageId: v.optional(v.string()),
  field: v.optional(v.string()),
  cardType: v.optional(v.picklist(['digital', 'physical'])),
  errorCode: v.optional(v.string()),
  userExId: v.optional(v.string()),
});
export type CreateAccountErrorBody = v.InferOutput<typeof CreateAccountErrorBody>;

export const PartialSuccessMessageId = v.picklist(PARTIAL_SUCCESS_MESSAGE_IDS);

// ---------------------------------------------------------------------------------------------------------------
// Personal details and settings (signed in: 401 UNAUTHORIZED otherwise; only the caller's own data)

export const Birthday = v.pipe(
  v.object({ month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)) }),
  v.check((b) => b.day <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][b.month - 1]!, AccountMessages.birthdayInvalid),
);


export const ProfilePatch = v.object({
  firstName: v.optional(PersonName(AccountMessages.firstNameRequired)),
  lastName: v.optional(PersonName(AccountMessages.lastNameRequired)),
  /** null removes it */
  phoneNumber: v.optional(v.nullable(PhoneNumber)),
  birthday: v.optional(v.nullable(Birthday)),
});
export type ProfilePatch = v.InferInput<typeof ProfilePatch>;


/** GET /account/communication-preferences → CommunicationPreferences; PUT with any subset → the full object */
export const CommunicationPreferences = v.object({
  receiveHarborEmailCommunications: v.boolean(),
  receiveGeneralEmailCommunications: v.boolean(),
  receivePersonalizedEmailCommunications: v.boolean(),
});
export type CommunicationPreferences = v.InferOutput<typeof CommunicationPreferences>;
export const CommunicationPreferencesPatch = v.partial(CommunicationPreferences);

/**
 * POST /account/settings/password → 200 { ok: true }; every other session of the user ends.
 * Errors: 400 CURRENT_PASSWORD_INVALID (field currentPassword); '111011' / '111022' / '111084' (field newPassword);
 * 429 RATE_LIMITED after 5 wrong current passwords in 15 minutes.
 */
export const ChangePasswordRequest = v.object({
  /**
   * Required unless the session re-authenticated (password, then the SMS code where the account has one) within
   * the re-authentication window: that check stands for it, so the page does not ask twice (docs/accounts.md).
   */
  currentPassword: v.optional(v.pipe(v.string(AccountMessages.passwordRequired), v.nonEmpty(AccountMessages.passwordRequired), v.maxLength(1024))),
  newPassword: v.optional(v.string(), ''),
});
export type ChangePasswordRequest = v.InferInput<typeof ChangePasswordRequest>;

/**
 * POST /account/settings/email → 200 { proposedNewEmail }: a 6-digit code went to the new address (outbox).
 * Errors: 400 CURRENT_PASSWORD_INVALID (field password), 400 EMAIL_NOT_AVAILABLE (field newEmail), 429.
 * GET /account/settings/email → EmailStatus.
 * POST /account/settings/email/verify { code } → 200 EmailStatus (email changed, proposedNewEmail null);
 * 400 INVALID_CODE, 410 CODE_EXPIRED, 400 EMAIL_NOT_AVAILABLE (taken meanwhile).
 */
export const ChangeEmailRequest = v.object({
  newEmail: required(EmailAddress),
  password: required(v.pipe(v.string(AccountMessages.passwordRequired), v.nonEmpty(AccountMessages.passwordRequired), v.maxLength(1024))),
});
export type ChangeEmailRequest = v.InferInput<typeof ChangeEmailRequest>;
export const ChangeEmailResponse = v.object({ proposedNewEmail: v.string() });
export const EmailStatus = v.object({ email: v.string(), proposedNewEmail: v.nullable(v.string()) });
export type EmailStatus = v.InferOutput<typeof EmailStatus>;
export const VerifyCodeRequest = v.object({ code: required(OneTimeCode) });
export type VerifyCodeRequest = v.InferInput<typeof VerifyCodeRequest>;

/**
 * MFA settings (404 NOT_FOUND when config universal.enableMfaFeatures is off):
 * GET  /account/settings/mfa → MfaStatus (no re-auth needed);
 * POST /account/settings/mfa/reauth { password } → MfaReauthResponse: without an MFA phone the session is
 *      verified now; with one an SMS code is sent and POST /account/settings/mfa/reauth/verify { code } → MfaStatus
 *      completes it. 400 CURRENT_PASSWORD_INVALID (field password), 429.
 * The following need session.mfaVerifiedAt within 15 minutes, else 403 REAUTH_REQUIRED:
 * POST   /account/settings/mfa/phone { phoneNumber } → 200 { pendingPhoneNumber } (masked): SMS code to that phone;
 * POST   /account/settings/mfa/phone/verify { code } → MfaStatus (phone added or replaced);
 * DELETE /account/settings/mfa/phone → MfaStatus (removed).
 */
export const MfaStatus = v.object({
  enabled: v.boolean(),
  /** masked '•••-•••-1234' */
  phoneNumber: v.nullable(v.string()),
  mfaVerifiedAt: v.nullable(v.string()),
  /** when the current re-authentication stops counting (ISO), null when there is none */
  reauthValidUntil: v.nullable(v.string()),
});
export type MfaStatus = v.InferOutput<typeof MfaStatus>;
export const MfaReauthRequest = v.object({ password: required(v.pipe(v.string(AccountMessages.passwordRequired), v.nonEmpty(AccountMessages.passwordRequired), v.maxLength(1024))) });
export const MfaReauthResponse = v.object({
  status: v.picklist(['verified', 'code-sent']),
  /** masked phone the code went to, when status is code-sent */
  phoneNumber: v.nullable(v.string()),
  mfaVerifiedAt: v.nullable(v.string()),
});
export type MfaReauthResponse = v.InferOutput<typeof MfaReauthResponse>;
export const MfaPhoneRequest = v.object({ phoneNumber: required(PhoneNumber) });
export type MfaPhoneRequest = v.InferInput<typeof MfaPhoneRequest>;
export const MfaPhonePendingResponse = v.object({ pendingPhoneNumber: v.string() });

/** '2065550123' → '•••-•••-0123' */
export const maskPhone = (digits: string) => `•••-•••-${digits.slice(-4)}`;

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
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessage>;
export const OutboxResponse = v.object({ messages: v.array(OutboxMessage) });

/** POST /apiproxy/v1/dev/sso-token { email?, returnUrl? } (email defaults to the signed-in user) → DevSsoTokenResponse */
export const DevSsoTokenRequest = v.object({ email: v.optional(EmailAddress), returnUrl: ReturnUrlField });
export const DevSsoTokenResponse = v.object({ token: v.string(), url: v.string(), expiresAt: v.string() });
export type DevSsoTokenResponse = v.InferOutput<typeof DevSsoTokenResponse>;
